"""Operations on a whole memory home, built on the store: export and import (``transfer``), one
memory on several devices through git (``sync``) and the demo home (``demo``).
"""
