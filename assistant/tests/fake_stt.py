"""A fake transcription provider: a real threaded HTTP server on 127.0.0.1 speaking OpenAI's
``POST /v1/audio/transcriptions`` (multipart: ``file``, ``model``, ``language``, ``response_format``
``json`` or ``verbose_json``), as a self-hosted faster-whisper server does.

We cannot run a speech model here, so the words are scripted (``say``), but the audio is checked
for real: the uploaded file must be an Ogg Opus stream that ffprobe reads (its duration is recorded),
otherwise the server answers OpenAI's 400 « Invalid file format ». ``delay`` makes it slow, ``stop``
takes it down.
"""

import json
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Received:
    path: str
    authorization: str
    fields: dict
    filename: str
    file_type: str
    audio: bytes
    duration: float | None  # what ffprobe read from the upload


@dataclass
class Script:
    text: str
    avg_logprob: float = -0.15
    no_speech_prob: float = 0.01


def probe(audio: bytes) -> tuple[str, float] | None:
    """(codec, seconds) of an audio file as ffprobe reads it, or None when it is not one."""
    with tempfile.NamedTemporaryFile(suffix=".ogg") as file:
        file.write(audio)
        file.flush()
        result = subprocess.run(
            [
                "ffprobe",
                "-v",
                "error",
                "-show_entries",
                "stream=codec_name:format=format_name,duration",
                "-of",
                "json",
                file.name,
            ],
            capture_output=True,
            timeout=20,
            check=False,
        )
    if result.returncode != 0:
        return None
    info = json.loads(result.stdout or b"{}")
    streams, fmt = info.get("streams") or [], info.get("format") or {}
    if fmt.get("format_name") != "ogg" or not streams or "duration" not in fmt:
        return None
    return streams[0].get("codec_name", ""), float(fmt["duration"])


class FakeSTT:
    def __init__(self, *, api_key: str = "stt-test-key"):
        self.api_key = api_key
        self.received: list[Received] = []
        self.scripts: list[Script] = []
        self.delay = 0.0
        self.plain_json = False  # answer {"text"} only, as servers without verbose_json do
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _answer(self, status: int, body: dict) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except OSError:
                    pass  # the client gave up (its timeout)

            def _error(self, status: int, message: str, kind: str = "invalid_request_error") -> None:
                self._answer(status, {"error": {"message": message, "type": kind, "param": None, "code": None}})

            def handle_post(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if not self.path.endswith("/audio/transcriptions"):
                    return self._error(404, "Not found")
                if self.headers.get("Authorization") != f"Bearer {fake.api_key}":
                    return self._error(401, "Incorrect API key provided", "authentication_error")
                content_type = self.headers.get("Content-Type", "")
                if not content_type.startswith("multipart/form-data"):
                    return self._error(400, "Expected multipart/form-data")
                message = BytesParser(policy=HTTP).parsebytes(f"Content-Type: {content_type}\r\n\r\n".encode() + raw)
                fields, audio, filename, file_type = {}, b"", "", ""
                for part in message.iter_parts():
                    name = part.get_param("name", header="content-disposition")
                    if name == "file":
                        audio = part.get_payload(decode=True) or b""
                        filename = part.get_filename() or ""
                        file_type = part.get_content_type()
                    else:
                        fields[name] = (part.get_payload(decode=True) or b"").decode()
                probed = probe(audio) if audio else None
                with fake._lock:
                    fake.received.append(
                        Received(
                            self.path,
                            self.headers.get("Authorization", ""),
                            fields,
                            filename,
                            file_type,
                            audio,
                            probed[1] if probed else None,
                        )
                    )
                if not fields.get("model"):
                    return self._error(400, "you must provide a model parameter")
                if probed is None or probed[0] != "opus":
                    return self._error(400, "Invalid file format. Supported formats: ['flac', 'mp3', 'ogg', 'wav']")
                if fake.delay:
                    time.sleep(fake.delay)
                with fake._lock:
                    script = fake.scripts.pop(0) if fake.scripts else Script("")
                if fields.get("response_format") == "verbose_json" and not fake.plain_json:
                    segments = []
                    if script.text:
                        segments.append(
                            {
                                "id": 0,
                                "seek": 0,
                                "start": 0.0,
                                "end": probed[1],
                                "text": f" {script.text}",
                                "tokens": [50364, 50414],
                                "temperature": 0.0,
                                "avg_logprob": script.avg_logprob,
                                "compression_ratio": 1.1,
                                "no_speech_prob": script.no_speech_prob,
                            }
                        )
                    language = {"fr": "french", "en": "english"}.get(fields.get("language", ""), "french")
                    body = {
                        "task": "transcribe",
                        "language": language,
                        "duration": probed[1],
                        "text": script.text,
                        "segments": segments,
                    }
                    return self._answer(200, body)
                return self._answer(200, {"text": script.text})

            def log_message(self, format, *args):
                pass

            # http.server dispatches on this name.
            do_POST = handle_post

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}/v1"

    def say(self, text: str, *, avg_logprob: float = -0.15, no_speech_prob: float = 0.01) -> None:
        """Queue the transcript of the next upload."""
        with self._lock:
            self.scripts.append(Script(text, avg_logprob, no_speech_prob))

    def start(self) -> "FakeSTT":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def voice_note(text: str, *, voice: str = "fr", folder, name: str = "note", repeat: int = 1) -> bytes:
    """A real WhatsApp-like voice note: espeak-ng speaks ``text`` (``repeat`` times), opusenc encodes
    the WAV to Ogg Opus at a voice bitrate. Returns the .ogg bytes."""
    wav, ogg = folder / f"{name}.wav", folder / f"{name}.ogg"
    spoken = " ".join([text] * repeat)
    subprocess.run(["espeak-ng", "-v", voice, "-s", "150", "-w", str(wav), spoken], check=True, timeout=60)
    subprocess.run(["opusenc", "--quiet", "--bitrate", "24", str(wav), str(ogg)], check=True, timeout=60)
    return ogg.read_bytes()
