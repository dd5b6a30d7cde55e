"""The review dashboard: a thin Flask + htmx layer over the memory store's API (:mod:`.adapter`).

Every request reads fresh state through the store and every write goes through it; the web layer
only decides what to show and which fragment to swap. :func:`create_app` (in :mod:`.app`) builds
the dashboard of one home; :func:`serve` (in :mod:`.server`) runs it for ``dmem serve``.
"""

from .app import MissingAssetsError, asset_folders, create_app
from .security import SecretFileError
from .server import serve

__all__ = ["create_app", "serve", "MissingAssetsError", "SecretFileError", "asset_folders"]
