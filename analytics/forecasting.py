"""Daily demand forecasts and their measured error, with statsforecast's models (no database here).

The method, chosen by a backtest on the demo's year of orders (docs/analytics.md has the table):

- a product that sells most days: ``AutoETS`` on daily units with a weekly season, no trend
  (``model="ZNZ"``: error and season additive or multiplicative as the fit prefers). It learns the
  weekly pattern and the level, and gives a per-day prediction interval;
- a product that sells now and then (on fewer than one day in two on average): ``IMAPA``, Croston's
  family, which forecasts a steady rate rather than inventing a weekly pattern out of a few sales.
  Syntetos and Boylan's usual cut-off (1.32) sent products that sell four days a week to IMAPA,
  where AutoETS did better on the backtest; below one day in two, no method can tell which week the
  sale falls in, and IMAPA's flat rate with a Poisson range says so honestly;
- the baseline everything is compared with: ``SeasonalNaive`` (next Saturday = last Saturday).

The fit uses the last 26 weeks (older behaviour says little about next week and costs time). The
backtest is the same method run as if four weeks ago, compared week by week with what really sold:
``error_pct`` is the weighted absolute error of the four weekly totals (« on s'est trompé de 18 % »).
"""

import math
import warnings
from dataclasses import dataclass

import numpy as np

SEASON = 7
FIT_DAYS = 182
BACKTEST_DAYS = 28
MIN_DAYS = 56  # four weeks to learn from and four to measure the error on
LEVEL = 80  # the range: 8 chances in 10 of falling inside
Z80 = 1.2816
INTERMITTENT_ADI = 2.0

ETS = "ets"
IMAPA = "imapa"
SEASONAL_NAIVE = "seasonal_naive"
METHOD_LABELS = {
    ETS: "lissage exponentiel avec saison hebdomadaire (AutoETS)",
    IMAPA: "méthode pour ventes irrégulières (IMAPA)",
    SEASONAL_NAIVE: "même jour de la semaine précédente",
}


def _models():
    # Imported on first use: statsforecast pulls pandas and takes about two seconds to import,
    # which no web request should pay (the page reads stored figures).
    from statsforecast.models import IMAPA as Imapa
    from statsforecast.models import AutoETS, SeasonalNaive

    return AutoETS, Imapa, SeasonalNaive


def is_intermittent(y: np.ndarray) -> bool:
    """Average interval between selling days of two days or more."""
    selling_days = int(np.count_nonzero(y))
    return selling_days == 0 or len(y) / selling_days >= INTERMITTENT_ADI


def choose_method(y: np.ndarray) -> str:
    return IMAPA if is_intermittent(y[-FIT_DAYS:]) else ETS


@dataclass
class Prediction:
    mean: np.ndarray  # per day
    sigma: np.ndarray  # per day: the spread of the day's outcome


def predict(y: np.ndarray, horizon: int, method: str) -> Prediction:
    """Per-day forecast of the ``horizon`` days after ``y`` (never negative)."""
    auto_ets, imapa, seasonal_naive = _models()
    y = np.asarray(y[-FIT_DAYS:], dtype=float)
    if method == ETS and len(y) >= 2 * SEASON and y.any():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                result = auto_ets(season_length=SEASON, model="ZNZ").forecast(y=y, h=horizon, level=[LEVEL])
            mean = np.clip(result["mean"], 0, None)
            sigma = (result[f"hi-{LEVEL}"] - result[f"lo-{LEVEL}"]) / (2 * Z80)
            return Prediction(mean=mean, sigma=np.maximum(sigma, np.sqrt(mean)))
        except Exception:  # noqa: BLE001 - a series the model cannot fit falls back to the baseline
            method = SEASONAL_NAIVE
    if method == IMAPA:
        mean = np.clip(np.asarray(imapa().forecast(y=y, h=horizon)["mean"], dtype=float), 0, None)
        # Counts that come now and then: Poisson spread around the rate.
        return Prediction(mean=mean, sigma=np.sqrt(mean))
    if len(y) < SEASON:
        mean = np.full(horizon, float(y.mean()) if len(y) else 0.0)
    else:
        mean = np.asarray(seasonal_naive(season_length=SEASON).forecast(y=y, h=horizon)["mean"], dtype=float)
    return Prediction(mean=np.clip(mean, 0, None), sigma=np.sqrt(np.clip(mean, 0, None)))


def total_range(prediction: Prediction, days: int) -> tuple[float, float, float]:
    """Forecast total of the first ``days`` days and its 80 % range (days taken as independent)."""
    mean = float(prediction.mean[:days].sum())
    spread = Z80 * math.sqrt(float((prediction.sigma[:days] ** 2).sum()))
    return mean, max(0.0, mean - spread), mean + spread


def weekly_error(forecast: np.ndarray, actual: np.ndarray) -> float | None:
    """Weighted absolute % error of the weekly totals (None when nothing sold)."""
    weeks = len(actual) // SEASON
    f = forecast[: weeks * SEASON].reshape(weeks, SEASON).sum(axis=1)
    a = actual[: weeks * SEASON].reshape(weeks, SEASON).sum(axis=1)
    if a.sum() <= 0:
        return None
    return float(np.abs(f - a).sum() / a.sum() * 100)


def mase(forecast: np.ndarray, actual: np.ndarray, history: np.ndarray) -> float | None:
    """Mean absolute error scaled by the in-sample error of last week's same day (MASE, daily)."""
    scale = np.abs(history[SEASON:] - history[:-SEASON]).mean() if len(history) > SEASON else 0
    if not scale:
        return None
    return float(np.abs(forecast - actual).mean() / scale)


def backtest(y: np.ndarray, method: str) -> dict:
    """The method and the seasonal-naive baseline run as if ``BACKTEST_DAYS`` ago, against what sold."""
    past, actual = y[:-BACKTEST_DAYS], y[-BACKTEST_DAYS:]
    ours = predict(past, BACKTEST_DAYS, method).mean
    naive = predict(past, BACKTEST_DAYS, SEASONAL_NAIVE).mean
    return {
        "error_pct": weekly_error(ours, actual),
        "naive_error_pct": weekly_error(naive, actual),
        "mase": mase(ours, actual, past[-FIT_DAYS:]),
        "naive_mase": mase(naive, actual, past[-FIT_DAYS:]),
        "forecast_units": float(ours.sum()),
        "actual_units": float(actual.sum()),
    }


def forecast_series(y: np.ndarray, *, horizon: int = 30, method: str | None = None) -> dict:
    """Everything the page shows for one daily series that has at least ``MIN_DAYS`` days."""
    method = method or choose_method(y)
    prediction = predict(y, horizon, method)
    return {
        "method": method,
        "prediction": prediction,
        "next_7": total_range(prediction, 7),
        "next_30": total_range(prediction, 30),
        "backtest": backtest(y, method),
    }
