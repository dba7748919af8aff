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
    assert retrained.meta["examples"] == shipped.meta["examples"], "retrain: manage.py assistant_train"
    # A weight right at the artefact's cut (learning.MIN_WEIGHT) may fall either side of it from one process to
    # another (the order of a floating-point sum): such a feature may be in one model only, and only such a one.
    for model, other in ((shipped, retrained), (retrained, shipped)):
        for name in set(model.features) - set(other.features):
            assert max(abs(w) for w in model.weights_of(name)) < 1e-3, (name, model.weights_of(name))
    assert len(set(shipped.features) ^ set(retrained.features)) <= 0.001 * len(shipped.features)
    common = set(shipped.features) & set(retrained.features)
    worst = max(
        abs(a - b) for name in common for a, b in zip(shipped.weights_of(name), retrained.weights_of(name), strict=True)
    )
    assert worst <= 1e-2
