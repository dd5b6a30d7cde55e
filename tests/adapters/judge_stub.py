"""A local OpenAI-compatible chat endpoint for tests: it answers the judge's prompt from a script.

``JudgeStub(contradicting)`` serves ``POST /v1/chat/completions`` on 127.0.0.1 (a free port) and
says "contradiction" for every pair of the request whose two texts are one of ``contradicting``,
"compatible" for the others. Each request it received is kept in ``requests`` (the JSON body).
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

_PAIR = re.compile(r'Pair (\d+):\nA: (".*?")\nB: (".*?")(?:\n|$)', re.DOTALL)


class JudgeStub:
    def __init__(self, contradicting=(), delay: float = 0.0):
        self.contradicting = {frozenset(pair) for pair in contradicting}
        self.delay = delay
        self.requests: list[dict] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's name)
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                stub.requests.append({"path": self.path, "body": body, "authorization": self.headers.get("Authorization")})
                if not self.path.endswith("/chat/completions"):
                    self._send(404, {"error": {"message": "not found"}})
                    return
                if stub.delay:
                    threading.Event().wait(stub.delay)
                self._send(200, stub.completion(body))

            def do_GET(self):  # noqa: N802
                self._send(404, {"error": {"message": "not found"}})

            def _send(self, status, payload):
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a judge's timeout): what the slow-model test wants

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def answers(self, body: dict) -> list[dict]:
        prompt = "\n".join(str(m.get("content", "")) for m in body.get("messages", []) if m.get("role") == "user")
        found = []
        for number, a, b in _PAIR.findall(prompt):
            label = "contradiction" if frozenset((json.loads(a), json.loads(b))) in self.contradicting else "compatible"
            found.append({"pair": int(number), "label": label, "confidence": 0.9, "reason": f"stub says {label}"})
        return found

    def completion(self, body: dict) -> dict:
        content = json.dumps({"answers": self.answers(body)})
        return {"id": "stub-1", "object": "chat.completion", "created": 0, "model": body.get("model", "stub"),
                "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}

    def pairs_asked(self) -> list[tuple[str, str]]:
        asked = []
        for request in self.requests:
            prompt = "\n".join(str(m.get("content", "")) for m in request["body"].get("messages", []) if m.get("role") == "user")
            asked.extend((json.loads(a), json.loads(b)) for _n, a, b in _PAIR.findall(prompt))
        return asked
