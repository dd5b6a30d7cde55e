"""The doors to the memory: the agent tool (``tool``), the MCP server (``mcp_server``) and the
``dmem`` command line (``cli``). Thin: parse, call the store, format the answer.

The Hermes provider is an adapter too; it lives at :mod:`dialectical_memory.hermes` because
installed Hermes plugins import it by that name. The dashboard is :mod:`dialectical_memory.web`
(the checkout's top-level ``webapp/``, ``templates/``, ``static/``).
"""
