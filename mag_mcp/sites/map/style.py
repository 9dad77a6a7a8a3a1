"""The map's base layers and their colours: Standard (OSM Carto-like), Cycle Map, Transport
Map and Humanitarian, as the Layers panel offers them. A layer is a palette plus a few
switches; `draw` reads nothing else."""

from __future__ import annotations

from dataclasses import dataclass, field

ROAD_ORDER = ("residential", "tertiary", "secondary", "primary", "motorway")
ROAD_W16 = {"motorway": 13.0, "primary": 12.0, "secondary": 11.0, "tertiary": 10.0, "residential": 8.0}
ROAD_MIN = {"motorway": 3.0, "primary": 2.6, "secondary": 2.2, "tertiary": 1.8, "residential": 1.1}
LABEL_MIN_ZOOM = {"motorway": 13, "primary": 14, "secondary": 14, "tertiary": 15, "residential": 15,
                  "cycleway": 16, "footway": 17}
AREA_ORDER = ("residential", "campus", "park", "garden", "zoo", "stadium", "square", "beach", "sea", "river",
              "reservoir", "pier")

POI_GROUPS: dict[str, tuple[str, ...]] = {
    "food": ("cafe", "restaurant", "fast food", "bar", "pub", "brewery", "ice cream", "nightclub", "food court",
             "winery"),
    "shop": ("supermarket", "convenience store", "bakery", "bookshop", "florist", "bicycle shop", "hardware store",
             "clothes shop", "gift shop", "shopping mall", "market", "butcher", "deli", "greengrocer", "liquor store",
             "wine shop", "shoe shop", "jewelry store", "hairdresser", "beauty salon", "laundry", "dry cleaner",
             "furniture store", "electronics store", "mobile phone shop", "optician", "sports shop", "toy store",
             "pet shop", "car repair", "car dealer", "tyre shop", "art shop", "music shop", "stationery shop",
             "variety store", "second hand shop", "thrift store", "travel agency", "copy shop", "tailor",
             "garden centre", "department store", "chocolate shop", "tea shop", "seafood shop", "outdoor shop"),
    "culture": ("museum", "theatre", "cinema", "observatory", "lighthouse", "zoo", "hotel", "hostel", "motel",
                "guest house", "gallery", "attraction", "viewpoint", "artwork", "tourist information", "arts centre",
                "memorial", "monument"),
    "transport": ("bus stop", "train station", "ferry terminal", "parking", "fuel station", "bridge",
                  "charging station", "bicycle parking", "bicycle rental", "car rental", "car wash", "taxi stand",
                  "railway halt", "marina"),
    "health": ("hospital", "clinic", "pharmacy", "dentist", "doctor", "veterinary", "nursing home",
               "social facility"),
    "education": ("school", "kindergarten", "university", "library", "college"),
    "leisure": ("park", "garden", "stadium", "beach", "reservoir", "gym", "square", "playground", "sports pitch",
                "sports centre", "swimming pool", "dog park", "picnic site", "dance studio", "fountain",
                "drinking water"),
}
_GROUP_OF = {c: g for g, cats in POI_GROUPS.items() for c in cats}


def poi_group(category: str) -> str:
    return _GROUP_OF.get(category, "civic")


@dataclass(frozen=True)
class MapStyle:
    key: str  # what tile URLs name the layer by
    code: str  # OSM's layer code in the URL hash (layers=C)
    title: str
    land: str = "#f2efe9"
    areas: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    road_fill: dict[str, str] = field(default_factory=dict)
    road_case: dict[str, str] = field(default_factory=dict)
    building: tuple[str, str] = ("#d9d0c9", "#c4b6ab")
    cycleway: tuple[str, float, str] = ("#2a3eff", 1.7, "5 3")  # colour, width, dash
    footway: tuple[str, float, str] = ("#fa8072", 1.6, "3 2.5")
    poi: dict[str, str] = field(default_factory=dict)
    label: str = "#222"
    poi_min_zoom: int = 16  # ordinary places get icons from here (landmarks from 13)
    stops_min_zoom: int = 17
    emphasis: tuple[str, ...] = ()  # categories drawn bigger (bike shops on the cycle map)


_AREAS = {
    "sea": ("#aad3df", None), "river": ("#aad3df", None), "reservoir": ("#aad3df", "#8fc1d2"),
    "park": ("#c8facc", "#a8dca8"), "garden": ("#cdebb0", "#a9cc8c"), "campus": ("#ffffe5", "#d9cfa6"),
    "stadium": ("#dffce2", "#9bd3a2"), "zoo": ("#d6f5c6", "#7fb27f"), "square": ("#dddde8", "#c4c4d4"),
    "beach": ("#fff1ba", "#efd98a"), "pier": ("#e8e3dc", "#b9b1a6"), "residential": ("#e6e4e0", None),
}
_FILL = {"motorway": "#e892a2", "primary": "#fcd6a4", "secondary": "#f7fabf", "tertiary": "#ffffff",
         "residential": "#ffffff"}
_CASE = {"motorway": "#c24e6b", "primary": "#c38b3f", "secondary": "#a7ad6d", "tertiary": "#a9a9a9",
         "residential": "#bbbbbb"}
_POI = {"food": "#c77400", "shop": "#ac39ac", "culture": "#734a08", "transport": "#0078c8", "health": "#bf0000",
        "education": "#8a5a2b", "leisure": "#0c7f0c", "civic": "#4e4e4e"}

STANDARD = MapStyle("standard", "M", "Standard", areas=_AREAS, road_fill=_FILL, road_case=_CASE, poi=_POI)
CYCLEMAP = MapStyle(
    "cyclemap", "C", "Cycle Map", land="#f4f1ea",
    areas={**_AREAS, "park": ("#b5e3b5", "#8fc98f"), "residential": ("#ebe8e2", None)},
    road_fill={k: "#ffffff" for k in _FILL} | {"motorway": "#cfcfcf"},
    road_case={k: "#9a9a9a" for k in _CASE}, cycleway=("#0b7a2b", 3.0, ""), footway=("#8c6d46", 1.3, "2 2"),
    poi={**_POI, "shop": "#6f6f6f", "food": "#8a6a3d"}, poi_min_zoom=17,
    emphasis=("bicycle shop", "bicycle parking", "bicycle rental", "drinking water"))
TRANSPORT = MapStyle(
    "transport", "T", "Transport Map", land="#f5f5f3",
    areas={**_AREAS, "park": ("#dcefdc", "#c2dcc2"), "residential": ("#ececec", None), "sea": ("#c4dde6", None),
           "river": ("#c4dde6", None)},
    road_fill={"motorway": "#d3a3ad", "primary": "#ffffff", "secondary": "#ffffff", "tertiary": "#ffffff",
               "residential": "#ffffff"},
    road_case={k: "#b5b5b5" for k in _CASE}, building=("#e0e0e0", "#cfcfcf"),
    poi={k: "#9a9a9a" for k in _POI} | {"transport": "#1f5fbf"}, poi_min_zoom=17, stops_min_zoom=15,
    emphasis=("bus stop", "train station", "ferry terminal", "railway halt", "taxi stand", "bicycle rental"))
HUMANITARIAN = MapStyle(
    "hot", "H", "Humanitarian", land="#f4efe4",
    areas={**_AREAS, "residential": ("#e7e1d5", None), "park": ("#cbe6b3", "#a8c98a")},
    road_fill={"motorway": "#f6a35b", "primary": "#f9c38a", "secondary": "#fbe08f", "tertiary": "#ffffff",
               "residential": "#ffffff"},
    road_case={k: "#8f7d6a" for k in _CASE}, building=("#b8a58f", "#9c8871"),
    poi={**_POI, "health": "#e0001b", "education": "#5a3d9a"},
    emphasis=("hospital", "clinic", "pharmacy", "doctor", "drinking water", "toilets", "shelter", "school"))

STYLES: dict[str, MapStyle] = {s.key: s for s in (STANDARD, CYCLEMAP, TRANSPORT, HUMANITARIAN)}
STYLE_BY_CODE: dict[str, MapStyle] = {s.code: s for s in STYLES.values()}


def road_width(highway: str, zoom: int) -> float:
    return max(ROAD_MIN[highway], ROAD_W16[highway] * 2.0 ** ((zoom - 16) * 0.75))


# The map key (legend): (what, swatch kind, colour(s), from zoom)
LEGEND: tuple[tuple[str, str, str, int], ...] = (
    ("Motorway", "road", "#e892a2|#c24e6b", 12), ("Primary road", "road", "#fcd6a4|#c38b3f", 12),
    ("Secondary road", "road", "#f7fabf|#a7ad6d", 12), ("Tertiary road", "road", "#ffffff|#a9a9a9", 13),
    ("Residential road", "road", "#ffffff|#bbbbbb", 14), ("Cycleway", "dash", "#2a3eff", 14),
    ("Footway", "dash", "#fa8072", 14), ("Bridge", "road", "#ffffff|#444444", 13),
    ("Water", "area", "#aad3df", 12), ("Park", "area", "#c8facc", 12), ("Garden", "area", "#cdebb0", 13),
    ("Campus", "area", "#ffffe5", 13), ("Stadium", "area", "#dffce2", 13), ("Zoo", "area", "#d6f5c6", 13),
    ("Beach", "area", "#fff1ba", 13), ("Square", "area", "#dddde8", 14), ("Pier", "area", "#e8e3dc", 14),
    ("Built-up area", "area", "#e6e4e0", 12), ("Building", "area", "#d9d0c9", 16),
    ("Food and drink", "poi", "#c77400", 16), ("Shop", "poi", "#ac39ac", 16), ("Tourism and culture", "poi", "#734a08", 16),
    ("Transport", "poi", "#0078c8", 16), ("Health", "poi", "#bf0000", 16), ("Education", "poi", "#8a5a2b", 16),
    ("Leisure", "poi", "#0c7f0c", 16), ("Public service", "poi", "#4e4e4e", 16), ("Bus stop", "stop", "#0078c8", 17),
    ("Landmark", "landmark", "#734a08", 14), ("District", "text", "#6b6b6b", 12), ("Route", "route", "#1a56db", 12),
    ("Search result", "pin", "#d63e2a", 12), ("Open note", "pin", "#d63e2a", 12), ("Resolved note", "pin", "#2e9e44", 12),
    ("Public GPS trace", "dash", "#1e40ff", 12),
)
_GROUP_TITLE = {"food": "Food and drink", "shop": "Shops", "culture": "Tourism and culture", "transport": "Transport",
                "health": "Health", "education": "Education", "leisure": "Leisure"}


def legend_rows(per_group: int = 10) -> list[tuple[str, str, str, int]]:
    """The map key: the fixed rows, then the place icons of every group (as the Standard layer draws them)."""
    from .categories import label_of

    rows = list(LEGEND)
    for group, cats in POI_GROUPS.items():
        colour = STANDARD.poi[group]
        rows.append((_GROUP_TITLE[group], "text", colour, 16))
        rows += [(label_of(c), "stop" if c == "bus stop" else "poi", colour, 17 if c == "bus stop" else 16)
                 for c in cats[:per_group]]
    return rows
