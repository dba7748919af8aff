"""The corpus the intent model learns from is consistent, and the shipped model is what it trains to."""

import subprocess
import sys

from assistant import learning
from assistant.engine.model import ARTEFACT, IntentModel


def test_the_corpus_checker_passes_on_every_business():
    checker = learning.CORPUS / "check_corpus.py"
    done = subprocess.run([sys.executable, str(checker), str(learning.CORPUS)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    folders = learning.business_folders(learning.CORPUS)
    messages = sum(len(learning._messages(f)) for f in folders)
    assert len(folders) >= 20 and messages >= 3000, (len(folders), messages)


def test_retraining_reproduces_the_shipped_model(tmp_path):
    shipped = IntentModel.load(ARTEFACT)
    retrained = learning.train_shipped(tmp_path / "model.json.gz")
    assert retrained.classes == shipped.classes
    assert retrained.meta["businesses"] == shipped.meta["businesses"], "retrain: manage.py assistant_train"
    assert retrained.features == shipped.features
    worst = max(abs(a - b) for a, b in zip(shipped.table, retrained.table, strict=True))
    assert worst <= 1e-3
