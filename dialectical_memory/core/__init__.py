"""The domain: what a belief is and the rules over it (maturity, confidence decay, promotion,
authority), the errors every layer raises, the safety check of memory text and caller validation.

The lowest layer. Pure: nothing here reads the disk or the clock, and nothing imports another
layer of the package.
"""
