from .adapters.cli import run

run()
