# A package so that test module names here (test_store.py, ...) cannot clash with other test folders.
