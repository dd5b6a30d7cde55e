"""The memory home on disk: where it is, the Hermes file format and limits, atomic writes, the two
cross-process locks, the sidecar and its journal, history and archive, and the three-way merge
that git's merge drivers run.

Imports only :mod:`dialectical_memory.core`. Knows nothing of detection or of the store's state.
"""
