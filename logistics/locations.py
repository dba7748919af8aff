"""Places the dashboard knows, with approximate centre coordinates (WGS 84).

Abidjan's communes plus the country's main cities. A delivery names its commune (or city); its
coordinates default to that place's centre unless the caller gives exact ones, and its ``city``
(used by 'ventes par ville') is Abidjan for the communes, the place itself otherwise.
"""

ABIDJAN = "Abidjan"

# name -> (city, latitude, longitude)
PLACES: dict[str, tuple[str, float, float]] = {
    "Abobo": (ABIDJAN, 5.4180, -4.0200),
    "Adjamé": (ABIDJAN, 5.3660, -4.0220),
    "Anyama": (ABIDJAN, 5.4940, -4.0520),
    "Attécoubé": (ABIDJAN, 5.3370, -4.0410),
    "Bingerville": (ABIDJAN, 5.3560, -3.8850),
    "Cocody": (ABIDJAN, 5.3600, -3.9800),
    "Koumassi": (ABIDJAN, 5.2980, -3.9480),
    "Marcory": (ABIDJAN, 5.3030, -3.9830),
    "Plateau": (ABIDJAN, 5.3240, -4.0200),
    "Port-Bouët": (ABIDJAN, 5.2560, -3.9260),
    "Songon": (ABIDJAN, 5.3200, -4.2600),
    "Treichville": (ABIDJAN, 5.2920, -4.0090),
    "Yopougon": (ABIDJAN, 5.3450, -4.0800),
    "Bouaké": ("Bouaké", 7.6900, -5.0300),
    "Yamoussoukro": ("Yamoussoukro", 6.8200, -5.2770),
    "San-Pédro": ("San-Pédro", 4.7480, -6.6360),
    "Daloa": ("Daloa", 6.8770, -6.4500),
    "Korhogo": ("Korhogo", 9.4580, -5.6300),
    "Grand-Bassam": ("Grand-Bassam", 5.2000, -3.7400),
}

# Abidjan's communes south of the Ébrié lagoon (the rest of Abidjan is north of it). Grand-Bassam,
# east along the coast, is reached from the south bank without crossing a bridge.
SOUTH_OF_LAGOON = frozenset({"Koumassi", "Marcory", "Port-Bouët", "Treichville", "Grand-Bassam"})


def lagoon_side(commune: str) -> str | None:
    """'north' or 'south' for Abidjan's communes (and Grand-Bassam), None for other cities."""
    if commune in SOUTH_OF_LAGOON:
        return "south"
    city = PLACES.get(commune, (None,))[0]
    return "north" if city == ABIDJAN else None


def point_lagoon_side(latitude: float, longitude: float, *, within_km: float = 12.0) -> str | None:
    """The side of the lagoon of a point (a driver's live position): that of the nearest commune
    centre, when one is within ``within_km``; None outside Abidjan and its coast."""
    import math

    def km(lat: float, lng: float) -> float:
        x = math.radians(lng - longitude) * math.cos(math.radians((lat + latitude) / 2))
        y = math.radians(lat - latitude)
        return 6371.0 * math.hypot(x, y)

    sided = [(km(lat, lng), name) for name, (_city, lat, lng) in PLACES.items() if lagoon_side(name)]
    distance, name = min(sided)
    return lagoon_side(name) if distance <= within_km else None
