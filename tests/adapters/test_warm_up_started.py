"""The long-lived processes start the warm-up after their load (store/warm_up.py; its behaviour is
tested in tests/store/test_warm_up.py)."""

from __future__ import annotations

from dialectical_memory.adapters import mcp_server
from dialectical_memory.hermes import DialecticalMemoryProvider
from dialectical_memory.store import warm_up
from dialectical_memory.web import server


def test_the_long_lived_processes_start_it_and_a_subagent_does_not(monkeypatch, tmp_path):
    started = []
    monkeypatch.setattr(warm_up, "start", started.append)
    monkeypatch.setattr(mcp_server, "create_server", lambda store, **options: type("Server", (), {"run": lambda self: None})())
    mcp_server.serve_mcp(tmp_path, memory_char_limit=0, user_char_limit=0)
    assert len(started) == 1
    for context, expected in (("subagent", 1), ("primary", 2)):
        provider = DialecticalMemoryProvider()
        provider.initialize("s", hermes_home=str(tmp_path / context), platform="cli", agent_context=context)
        provider.shutdown()
        assert len(started) == expected, context
    monkeypatch.setattr(server, "make_server", lambda host, port, app, threaded: type("Server", (), {
        "server_port": 5000, "app": app, "serve_forever": lambda self: None, "server_close": lambda self: None})())
    server.serve(tmp_path / "dashboard")
    assert len(started) == 3  # the dashboard too

def test_the_long_lived_processes_close_their_store_when_they_stop(monkeypatch, tmp_path):
    """What they keep on disk for their own adds (a spare copy of a large .md, storage/spare.py) is
    removed when they stop: ``dmem`` leaves with ``os._exit``, which runs no exit handler."""
    from dialectical_memory import MemoryStore

    closed = []
    monkeypatch.setattr(MemoryStore, "close", lambda store: closed.append(store.home))
    monkeypatch.setattr(warm_up, "start", lambda work: None)

    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(mcp_server, "create_server", lambda store, **options: type("Server", (), {"run": interrupted})())
    try:
        mcp_server.serve_mcp(tmp_path / "mcp", memory_char_limit=0, user_char_limit=0)
    except KeyboardInterrupt:
        pass
    assert closed == [tmp_path / "mcp"]
    provider = DialecticalMemoryProvider()
    provider.initialize("s", hermes_home=str(tmp_path / "hermes"), platform="cli", agent_context="primary")
    provider.shutdown()
    assert closed[-1] == tmp_path / "hermes" / "memories"
    monkeypatch.setattr(server, "make_server", lambda host, port, app, threaded: type("Server", (), {
        "server_port": 5000, "app": app, "serve_forever": interrupted, "server_close": lambda self: None})())
    server.serve(tmp_path / "dashboard")
    assert closed[-1] == tmp_path / "dashboard" and len(closed) == 3
