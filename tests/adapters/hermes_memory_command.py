"""Runs INSIDE the real Hermes venv: Hermes' own `/memory ...` command, as its gateway runs it
(`gateway/slash_commands.py`: a store freshly loaded from disk, the shared handler). argv[1:] are the
command's arguments (`pending`, `approve ID`, `reject ID`); prints the handler's text."""

import sys

from hermes_cli.write_approval_commands import handle_pending_subcommand
from tools import write_approval as wa
from tools.memory_tool import load_on_disk_store

print(handle_pending_subcommand(wa.MEMORY, sys.argv[1:], memory_store=load_on_disk_store()))
