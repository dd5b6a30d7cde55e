"""Runs INSIDE the real Hermes venv: full AIAgent turns against a scripted model endpoint.

A tiny OpenAI-compatible server on 127.0.0.1 plays the model: in session 1 it answers the user's
message with one call of Hermes' built-in `memory` tool, then a reply. Everything else is Hermes'
own code: config, plugin discovery, MemoryManager, tool dispatch, the mirror to the provider, the
system prompt. Session 2 is a new AIAgent; its first request shows what the model now sees.
Prints one JSON document (requests the model received, results) for the test to check.
"""

import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

SCRIPT = [
    {"tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "memory", "arguments": json.dumps(
        {"action": "add", "target": "user", "content": "User lives in Paris"})}}]},
    {"content": "Noted: you live in Paris now."},
    {"content": "You told me Berlin earlier and Paris since; both are kept until you settle it. Which is current?"},
]
requests = []


class Model(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_error(404)

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if not self.path.endswith("/chat/completions"):  # model-info probes and the like
            self.send_error(404)
            return
        requests.append(body)
        step = SCRIPT[min(len(requests), len(SCRIPT)) - 1]
        message = {"role": "assistant", "content": step.get("content")}
        if "tool_calls" in step:
            message["tool_calls"] = step["tool_calls"]
        finish = "tool_calls" if "tool_calls" in step else "stop"
        if body.get("stream"):
            self._stream(message, finish, body["model"])
            return
        payload = {"id": f"r{len(requests)}", "object": "chat.completion", "created": 0, "model": body["model"],
                   "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                   "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}}
        data = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _stream(self, message, finish, model):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        delta = {"role": "assistant", "content": message.get("content") or ""}
        if message.get("tool_calls"):
            delta["tool_calls"] = [dict(call, index=i) for i, call in enumerate(message["tool_calls"])]
        chunks = [
            {"choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
            {"choices": [{"index": 0, "delta": {}, "finish_reason": finish}],
             "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}},
        ]
        for chunk in chunks:
            chunk.update({"id": f"r{len(requests)}", "object": "chat.completion.chunk", "created": 0, "model": model})
            self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\n\n")
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()


server = ThreadingHTTPServer(("127.0.0.1", 0), Model)
threading.Thread(target=server.serve_forever, daemon=True).start()
base_url = f"http://127.0.0.1:{server.server_address[1]}/v1"

from run_agent import AIAgent  # noqa: E402  (after the fake model is up)


def new_agent(session_id):
    return AIAgent(base_url=base_url, api_key="test-key", provider="custom", model="scripted-model",
                   quiet_mode=True, enabled_toolsets=["memory"], skip_context_files=True,
                   session_id=session_id, max_iterations=4, tool_delay=0)


report = {}
agent = new_agent("session-1")
report["tools"] = sorted(t["function"]["name"] for t in agent.tools)
result = agent.run_conversation("I moved to Paris last month.")
report["turn1"] = {"final": result.get("final_response"), "messages": result.get("messages")}
report["requests_session1"] = len(requests)
sidecar = Path(os.environ["HERMES_HOME"]) / "memories" / "USER.meta.json"
report["edges_after_turn1"] = json.loads(sidecar.read_text(encoding="utf-8"))["contradictions"]
agent.shutdown_memory_provider(result.get("messages"))  # session end: maintenance, then shutdown

agent2 = new_agent("session-2")
result2 = agent2.run_conversation("Where do I live?")
report["turn2"] = {"final": result2.get("final_response")}
report["requests"] = requests
json.dump(report, sys.stdout, ensure_ascii=False)
server.shutdown()
