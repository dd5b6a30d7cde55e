"""The action layer: :class:`~dialectical_memory.store.memory_store.MemoryStore` and what it is
made of.

One mutation is one pass down: the store takes the target's locks, refreshes its in-memory
:class:`~dialectical_memory.store.state.TargetState` once (the loader reconciles hand edits), the
action records a :class:`~dialectical_memory.store.state.Change`, and the change becomes one
:class:`~dialectical_memory.storage.files.CommitPlan` of files. Reads build read models
(``read_models``, ``agent_views``) from the same state; ``maintenance`` is the reflection layer.

Imports :mod:`~dialectical_memory.core`, :mod:`~dialectical_memory.storage` and
:mod:`~dialectical_memory.detection`; never the features or the adapters above it.
"""
