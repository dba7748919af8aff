"""Benchmark of the local transcription (assistant.stt_local) on this machine: ``make bench-stt``.

Prints the model's load time and memory, then the time and peak memory to transcribe one minute of
real speech (espeak-ng reads a French shop conversation, opusenc makes a WhatsApp-like Ogg Opus note
at 24 kbit/s), ``--runs`` times. Needs espeak-ng and opus-tools (installed by .ci/run); nothing is
downloaded. Memory is the process's resident set (VmRSS) and its peak (VmHWM) from /proc.

    python -m assistant.bench_stt [--seconds 60] [--runs 3]
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

SENTENCES = (
    "Bonjour, je voudrais commander du sucre et du pain.",
    "Est-ce que vous livrez à Marcory aujourd'hui ?",
    "Je paie en espèces à la livraison.",
    "Combien coûte le sac de riz de vingt-cinq kilos ?",
    "Merci beaucoup, à tout à l'heure.",
)


def _memory() -> dict[str, float]:
    """Current and peak resident memory of this process, in MB."""
    values = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, rest = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            values[name] = int(rest.split()[0]) / 1024
    return values


def _cpu() -> float:
    """CPU seconds (user and system) this process used so far, all threads."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def speech(seconds: float, folder: Path) -> tuple[bytes, float]:
    """About ``seconds`` of espeak-ng French as Ogg Opus, and its duration (read from the WAV)."""
    text, audio, duration = "", b"", 0.0
    while duration < seconds:
        text = " ".join(filter(None, [text, *SENTENCES]))
        wav, ogg = folder / "bench.wav", folder / "bench.ogg"
        subprocess.run(["espeak-ng", "-v", "fr", "-s", "150", "-w", str(wav), text], check=True, timeout=120)
        subprocess.run(["opusenc", "--quiet", "--bitrate", "24", str(wav), str(ogg)], check=True, timeout=120)
        audio = ogg.read_bytes()
        with wave.open(str(wav)) as spoken:
            duration = spoken.getnframes() / spoken.getframerate()
    return audio, duration


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)

    from assistant import stt_local

    if not stt_local.local_installed():
        print("faster-whisper or the model packages are not installed (requirements.txt)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        audio, duration = speech(args.seconds, Path(folder))
    import faster_whisper  # noqa: F401  (imported before measuring: the libraries' own memory apart)

    before = _memory()
    started = time.monotonic()
    stt_local.model()
    load = time.monotonic() - started
    loaded = _memory()
    print(f"threads: {stt_local._threads()}  audio: {duration:.1f} s of Ogg Opus, {len(audio) / 1024:.0f} KB")
    print(
        f"model load: {load:.2f} s, resident {loaded['VmRSS']:.0f} MB (+{loaded['VmRSS'] - before['VmRSS']:.0f} MB), "
        f"peak while loading {loaded['VmHWM']:.0f} MB"
    )
    times, cpu_times = [], []
    for run in range(1, args.runs + 1):
        started, cpu_started = time.monotonic(), _cpu()
        heard = stt_local.hear(audio=audio, language="fr", budget=3600)
        elapsed, cpu = time.monotonic() - started, _cpu() - cpu_started
        times.append(elapsed)
        cpu_times.append(cpu)
        memory = _memory()
        print(
            f"run {run}: {elapsed:.2f} s for {duration:.1f} s of audio (real-time factor {elapsed / duration:.2f}), "
            f"CPU {cpu:.1f} s, {len(heard.segments)} segments, resident {memory['VmRSS']:.0f} MB, "
            f"peak {memory['VmHWM']:.0f} MB"
        )
    per_minute = statistics.median(times) * 60 / duration
    cpu_per_minute = statistics.median(cpu_times) * 60 / duration
    print(
        f"median: {per_minute:.1f} s per minute of audio ({cpu_per_minute:.1f} CPU seconds); "
        f"peak resident memory {_memory()['VmHWM']:.0f} MB; load average {os.getloadavg()[0]:.1f}"
    )
    print(f"heard (last run, first 200 characters): {heard.text[:200]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
