"""A small OpenAI-compatible chat-completions server on 127.0.0.1, for the language-model tests.

It speaks the real protocol over real HTTP (``POST /v1/chat/completions``) and answers from a script:
each test queues the answers it wants (a text, tool calls, a delay, an HTTP error, a broken body) and
reads back the requests the product sent.
"""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def text_answer(text: str, *, prompt_tokens: int = 120, completion_tokens: int = 30) -> dict:
    return _completion({"role": "assistant", "content": text}, "stop", prompt_tokens, completion_tokens)


def tool_answer(*calls: tuple[str, dict | str]) -> dict:
    """Tool calls: (name, arguments as a dict, or a raw string to send malformed JSON)."""
    tool_calls = [
        {
            "id": f"call_{n}",
            "type": "function",
            "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)},
        }
        for n, (name, args) in enumerate(calls)
    ]
    return _completion({"role": "assistant", "content": None, "tool_calls": tool_calls}, "tool_calls", 150, 20)


def _completion(message: dict, finish_reason: str, prompt_tokens: int, completion_tokens: int) -> dict:
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": "fake-model",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def _draft_of(body: dict) -> str:
    for message in reversed(body.get("messages") or []):
        content = message.get("content") or ""
        if message.get("role") == "system" and content.startswith(("BROUILLON", "DRAFT")):
            return content.split("\n", 1)[1] if "\n" in content else ""
    return ""


class FakeLLM:
    def __init__(self):
        self.script: list = []  # dict (a completion), ("delay", seconds, dict), ("status", code), ("raw", bytes)
        self.requests: list[dict] = []
        # With an empty script: answer the draft the product sent, as a model that words it the same.
        self.echo_draft = False
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with fake.lock:
                    fake.requests.append({"path": self.path, "body": body, "auth": self.headers.get("Authorization")})
                    if fake.script:
                        step = fake.script.pop(0)
                    elif fake.echo_draft:
                        step = text_answer("🙂 " + _draft_of(body))
                    else:
                        step = ("status", 500)
                if self.path.rstrip("/") != "/v1/chat/completions":
                    return self._send(404, {"error": {"message": "not found"}})
                if isinstance(step, tuple) and step[0] == "delay":
                    time.sleep(step[1])
                    step = step[2]
                if isinstance(step, tuple) and step[0] == "status":
                    return self._send(step[1], {"error": {"message": "scripted failure", "type": "server_error"}})
                if isinstance(step, tuple) and step[0] == "raw":
                    return self._send(200, None, raw=step[1])
                return self._send(200, step)

            def _send(self, status, payload, raw=None):
                data = raw if raw is not None else json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (time budget): nothing to answer

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
