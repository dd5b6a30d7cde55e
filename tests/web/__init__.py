# A package so that test module names here cannot clash with other test folders.
