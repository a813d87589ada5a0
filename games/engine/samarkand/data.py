"""Samarkand's board, families and goods: original designs, kept in this one file.

The printed rulebook describes the pieces but not the map, the families' colours, home
spaces and marriage portions, or the 33 goods. They are designed here; each block says why
it is the way it is, so balance changes are edits of this file alone (``board.problems()``
and the tests check that an edit still makes a valid board).
"""

from ..vocabulary import term

# --- Pieces and money (from the rulebook) ----------------------------------------------------
CAMELS_PER_FAMILY = 12  # one starts on the home space, 11 wait in the family's domain
TILES_PER_FAMILY = 2
MARKERS_PER_FAMILY = 5  # 1 dark green (always on top) + 4 grey
STARTING_MONEY = 10
# 75 coins: 34 x 1 + 28 x 2 + 13 x 10 = 220 Dirham. Money only moves between players, family
# treasuries and the common supply, so the total never changes; the supply pays what it holds
# (with 170+ Dirham in it at the start it never runs dry in practice).
TOTAL_MONEY = 220
STARTING_HAND = 2
CARDS_DRAWN_ON_MARRIAGE = 3
MAX_DISCARDS = 2  # "keep at least 1 card": discard 0 to 2 after drawing 3
SALE_PRICE = 3
ACTIVE_BONUS = 3  # to members of the family whose camel just arrived
PASSIVE_BONUS = 1  # to members of the family that was already there
SECOND_CAMEL_COST = 1  # from the family treasury to the common supply
HAND_LIMITS = {2: 10, 3: 10, 4: 7, 5: 6}
CAMEL_POINTS_OWN = 4  # per camel of one of your families on a goods card's space
CAMEL_POINTS_OTHER = 1  # per camel of any other family there

# --- Families ----------------------------------------------------------------------------------
# Colours: the eight Okabe-Ito colours (designed to stay apart for colour-blind eyes) plus
# white and grey; no two differ in hue alone, and every camel, tile and marker also shows
# its family's letter, printed in ``ink`` (the better-contrasting of black and white), so
# colour is never the only cue.
# The rulebook's examples fix two choices: the Levant camels are red, and a yellow family
# (the Arabic one) can reach Flax next to Damascus.
# Homes: five along the northern (top) edge, five along the southern (bottom) edge, west to
# east, next to the family domains drawn there. Every home is exactly 3 steps from its
# nearest neighbours (so two families can meet after one or two expansions, not at once)
# and has at least 3 ways out (so it cannot be walled in by two moves).
# Marriage portions (3-6 Dirham) price the home: goods within 3 steps and ways out.
#   Persian 13 goods, 6 ways out -> 6    Sogdian 10, 6 -> 6
#   Arabic 10, Khazar 9, Indian 9 -> 5   Levant 9 (corner), Chinese 8, Uyghur 7 -> 4
#   Byzant 7 and Mongol 7 (corners)  -> 3
# The 45 Dirham of all ten portions equal 4.5 starting capitals: everybody can marry twice
# early, and cash from sales and relationship bonuses pays for later marriages.
# fmt: off
FAMILIES = [
    {"key": "byzant", "name": term("Byzant"), "letter": "B", "colour": "#CC79A7", "ink": "#000000", "start": "constantinople", "portion": 3},
    {"key": "khazar", "name": term("Khazar"), "letter": "K", "colour": "#999999", "ink": "#000000", "start": "itil", "portion": 5},
    {"key": "sogdian", "name": term("Sogdian"), "letter": "S", "colour": "#FFFFFF", "ink": "#000000", "start": "samarkand", "portion": 6},
    {"key": "uyghur", "name": term("Uyghur"), "letter": "U", "colour": "#56B4E9", "ink": "#000000", "start": "turfan", "portion": 4},
    {"key": "mongol", "name": term("Mongol"), "letter": "M", "colour": "#000000", "ink": "#FFFFFF", "start": "karakorum", "portion": 3},
    {"key": "levant", "name": term("Levant"), "letter": "L", "colour": "#D55E00", "ink": "#000000", "start": "damascus", "portion": 4},
    {"key": "arabic", "name": term("Arabic"), "letter": "A", "colour": "#F0E442", "ink": "#000000", "start": "baghdad", "portion": 5},
    {"key": "persian", "name": term("Persian"), "letter": "P", "colour": "#0072B2", "ink": "#FFFFFF", "start": "isfahan", "portion": 6},
    {"key": "indian", "name": term("Indian"), "letter": "I", "colour": "#E69F00", "ink": "#000000", "start": "delhi", "portion": 5},
    {"key": "chinese", "name": term("Chinese"), "letter": "C", "colour": "#009E73", "ink": "#000000", "start": "changan", "portion": 4},
]
# fmt: on

# --- Map -----------------------------------------------------------------------------------------
# A hex map from the Mediterranean (west, left) to China (east, right), 11 hexes wide and 7
# high: 77 spaces, namely 10 homes, 33 goods spaces, 20 plain land spaces and 14 water
# spaces. Decisions:
# - One goods space per goods card, numbered west to east (so a number is easy to find on
#   the map); the goods are what the region traded: Flax by the Nile, Diamond-22 by Delhi.
# - Plain land spaces (the rulebook's "many land areas" beside the 33 with goods) spread the
#   homes out; meetings may happen on any land space, plain, goods or home.
# - Seas and lakes lie between some neighbours (Black Sea, Caspian, Persian Gulf...):
#   camels on a water space (2 ships) pass each other without meeting, so a sea is a fast
#   but friendless road.
# - Goods sit near homes and between them, and every goods space is within 3 steps of at
#   least two homes, so every good is contested.
# - Every space lists its neighbours explicitly (the hex neighbours of its grid cell), so a
#   strait or detour can be edited by hand; ``board.problems()`` checks the map stays
#   symmetric and connected.
# - ``x``/``y`` are hex centres in SVG units: rows 48 apart, hexes 56 apart, odd rows
#   shifted half a hex right (hex radius HEX_RADIUS, viewBox 0 0 MAP_SIZE).
HEX_RADIUS = 32
MAP_SIZE = (656, 360)
# The map writes a sea that spans two spaces by its short name: "Caspian Sea", not
# "Caspian Sea (north)" (the names below, as the full names are marked, for translation).
SHORT_NAMES = (term("Black Sea"), term("Caspian Sea"), term("Persian Gulf"))

# fmt: off
SPACES = [
    # row 0
    {"id": "thrace", "kind": "land", "name": term("Thrace"), "x": 34, "y": 36, "adj": ["black-sea-north", "constantinople"]},
    {"id": "black-sea-north", "kind": "water", "name": term("Black Sea (north)"), "x": 90, "y": 36, "adj": ["amber", "constantinople", "thrace", "wine"]},
    {"id": "amber", "kind": "goods", "name": term("Amber"), "number": 6, "x": 146, "y": 36, "adj": ["black-sea-north", "black-sea-south", "itil", "wine"]},
    {"id": "itil", "kind": "start", "name": term("Itil"), "x": 202, "y": 36, "adj": ["amber", "black-sea-south", "furs", "honey"]},
    {"id": "furs", "kind": "goods", "name": term("Furs"), "number": 13, "x": 258, "y": 36, "adj": ["caspian-sea-north", "honey", "itil", "kazakh-steppe"]},
    {"id": "kazakh-steppe", "kind": "land", "name": term("Kazakh Steppe"), "x": 314, "y": 36, "adj": ["caspian-sea-north", "furs", "horses", "samarkand"]},
    {"id": "horses", "kind": "goods", "name": term("Horses"), "number": 19, "x": 370, "y": 36, "adj": ["dzungaria", "kazakh-steppe", "paper", "samarkand"]},
    {"id": "dzungaria", "kind": "land", "name": term("Dzungaria"), "x": 426, "y": 36, "adj": ["horses", "lake-balkhash", "paper", "turfan"]},
    {"id": "turfan", "kind": "start", "name": term("Turfan"), "x": 482, "y": 36, "adj": ["dzungaria", "lake-balkhash", "tian-shan", "wool"]},
    {"id": "wool", "kind": "goods", "name": term("Wool"), "number": 27, "x": 538, "y": 36, "adj": ["musk", "orkhon-valley", "tian-shan", "turfan"]},
    {"id": "orkhon-valley", "kind": "land", "name": term("Orkhon Valley"), "x": 594, "y": 36, "adj": ["karakorum", "musk", "wool"]},
    # row 1
    {"id": "constantinople", "kind": "start", "name": term("Constantinople"), "x": 62, "y": 84, "adj": ["anatolia", "black-sea-north", "olive-oil", "thrace", "wine"]},
    {"id": "wine", "kind": "goods", "name": term("Wine"), "number": 4, "x": 118, "y": 84, "adj": ["amber", "anatolia", "black-sea-north", "black-sea-south", "constantinople", "iron"]},
    {"id": "black-sea-south", "kind": "water", "name": term("Black Sea (south)"), "x": 174, "y": 84, "adj": ["amber", "armenia", "honey", "iron", "itil", "wine"]},
    {"id": "honey", "kind": "goods", "name": term("Honey"), "number": 11, "x": 230, "y": 84, "adj": ["armenia", "black-sea-south", "caspian-sea-north", "caspian-sea-south", "furs", "itil"]},
    {"id": "caspian-sea-north", "kind": "water", "name": term("Caspian Sea (north)"), "x": 286, "y": 84, "adj": ["caspian-sea-south", "furs", "honey", "kazakh-steppe", "lapis-lazuli", "samarkand"]},
    {"id": "samarkand", "kind": "start", "name": term("Samarkand"), "x": 342, "y": 84, "adj": ["aral-sea", "caspian-sea-north", "horses", "kazakh-steppe", "lapis-lazuli", "paper"]},
    {"id": "paper", "kind": "goods", "name": term("Paper"), "number": 21, "x": 398, "y": 84, "adj": ["aral-sea", "badakhshan", "dzungaria", "horses", "lake-balkhash", "samarkand"]},
    {"id": "lake-balkhash", "kind": "water", "name": term("Lake Balkhash"), "x": 454, "y": 84, "adj": ["badakhshan", "dzungaria", "paper", "rubies", "tian-shan", "turfan"]},
    {"id": "tian-shan", "kind": "land", "name": term("Tian Shan"), "x": 510, "y": 84, "adj": ["jade", "lake-balkhash", "musk", "rubies", "turfan", "wool"]},
    {"id": "musk", "kind": "goods", "name": term("Musk"), "number": 29, "x": 566, "y": 84, "adj": ["gansu-corridor", "jade", "karakorum", "orkhon-valley", "tian-shan", "wool"]},
    {"id": "karakorum", "kind": "start", "name": term("Karakorum"), "x": 622, "y": 84, "adj": ["gansu-corridor", "musk", "orkhon-valley"]},
    # row 2
    {"id": "olive-oil", "kind": "goods", "name": term("Olive oil"), "number": 1, "x": 34, "y": 132, "adj": ["aegean-sea", "anatolia", "constantinople"]},
    {"id": "anatolia", "kind": "land", "name": term("Anatolia"), "x": 90, "y": 132, "adj": ["aegean-sea", "constantinople", "glass", "iron", "olive-oil", "wine"]},
    {"id": "iron", "kind": "goods", "name": term("Iron"), "number": 7, "x": 146, "y": 132, "adj": ["anatolia", "armenia", "black-sea-south", "glass", "mesopotamia", "wine"]},
    {"id": "armenia", "kind": "land", "name": term("Armenia"), "x": 202, "y": 132, "adj": ["black-sea-south", "caspian-sea-south", "honey", "iron", "mesopotamia", "zagros"]},
    {"id": "caspian-sea-south", "kind": "water", "name": term("Caspian Sea (south)"), "x": 258, "y": 132, "adj": ["armenia", "carpets", "caspian-sea-north", "honey", "lapis-lazuli", "zagros"]},
    {"id": "lapis-lazuli", "kind": "goods", "name": term("Lapis lazuli"), "number": 15, "x": 314, "y": 132, "adj": ["aral-sea", "carpets", "caspian-sea-north", "caspian-sea-south", "samarkand", "turquoise"]},
    {"id": "aral-sea", "kind": "water", "name": term("Aral Sea"), "x": 370, "y": 132, "adj": ["badakhshan", "khorasan", "lapis-lazuli", "paper", "samarkand", "turquoise"]},
    {"id": "badakhshan", "kind": "land", "name": term("Badakhshan"), "x": 426, "y": 132, "adj": ["aral-sea", "bactria", "khorasan", "lake-balkhash", "paper", "rubies"]},
    {"id": "rubies", "kind": "goods", "name": term("Rubies"), "number": 24, "x": 482, "y": 132, "adj": ["bactria", "badakhshan", "jade", "lake-balkhash", "pamir", "tian-shan"]},
    {"id": "jade", "kind": "goods", "name": term("Jade"), "number": 28, "x": 538, "y": 132, "adj": ["gansu-corridor", "musk", "pamir", "rhubarb", "rubies", "tian-shan"]},
    {"id": "gansu-corridor", "kind": "land", "name": term("Gansu Corridor"), "x": 594, "y": 132, "adj": ["jade", "karakorum", "musk", "rhubarb", "silk"]},
    # row 3
    {"id": "aegean-sea", "kind": "water", "name": term("Aegean Sea"), "x": 62, "y": 180, "adj": ["anatolia", "glass", "mediterranean-sea", "olive-oil", "purple-dye"]},
    {"id": "glass", "kind": "goods", "name": term("Glass"), "number": 5, "x": 118, "y": 180, "adj": ["aegean-sea", "anatolia", "iron", "mesopotamia", "purple-dye", "syrian-desert"]},
    {"id": "mesopotamia", "kind": "land", "name": term("Mesopotamia"), "x": 174, "y": 180, "adj": ["armenia", "dates", "glass", "iron", "syrian-desert", "zagros"]},
    {"id": "zagros", "kind": "land", "name": term("Zagros"), "x": 230, "y": 180, "adj": ["armenia", "carpets", "caspian-sea-south", "dates", "fars", "mesopotamia"]},
    {"id": "carpets", "kind": "goods", "name": term("Carpets"), "number": 14, "x": 286, "y": 180, "adj": ["caspian-sea-south", "fars", "lapis-lazuli", "saffron", "turquoise", "zagros"]},
    {"id": "turquoise", "kind": "goods", "name": term("Turquoise"), "number": 18, "x": 342, "y": 180, "adj": ["aral-sea", "carpets", "khorasan", "lapis-lazuli", "pistachios", "saffron"]},
    {"id": "khorasan", "kind": "land", "name": term("Khorasan"), "x": 398, "y": 180, "adj": ["aral-sea", "bactria", "badakhshan", "hindu-kush", "pistachios", "turquoise"]},
    {"id": "bactria", "kind": "land", "name": term("Bactria"), "x": 454, "y": 180, "adj": ["badakhshan", "cotton", "hindu-kush", "khorasan", "pamir", "rubies"]},
    {"id": "pamir", "kind": "land", "name": term("Pamir"), "x": 510, "y": 180, "adj": ["bactria", "cotton", "jade", "rhubarb", "rubies", "tibet"]},
    {"id": "rhubarb", "kind": "goods", "name": term("Rhubarb"), "number": 30, "x": 566, "y": 180, "adj": ["gansu-corridor", "jade", "pamir", "silk", "tea", "tibet"]},
    {"id": "silk", "kind": "goods", "name": term("Silk"), "number": 33, "x": 622, "y": 180, "adj": ["gansu-corridor", "rhubarb", "tea"]},
    # row 4
    {"id": "mediterranean-sea", "kind": "water", "name": term("Mediterranean Sea"), "x": 34, "y": 228, "adj": ["aegean-sea", "damascus", "purple-dye"]},
    {"id": "purple-dye", "kind": "goods", "name": term("Purple dye"), "number": 2, "x": 90, "y": 228, "adj": ["aegean-sea", "damascus", "glass", "mediterranean-sea", "sinai", "syrian-desert"]},
    {"id": "syrian-desert", "kind": "land", "name": term("Syrian Desert"), "x": 146, "y": 228, "adj": ["dates", "glass", "mesopotamia", "myrrh", "purple-dye", "sinai"]},
    {"id": "dates", "kind": "goods", "name": term("Dates"), "number": 10, "x": 202, "y": 228, "adj": ["fars", "mesopotamia", "myrrh", "pearls", "syrian-desert", "zagros"]},
    {"id": "fars", "kind": "land", "name": term("Fars"), "x": 258, "y": 228, "adj": ["carpets", "dates", "pearls", "persian-gulf-north", "saffron", "zagros"]},
    {"id": "saffron", "kind": "goods", "name": term("Saffron"), "number": 16, "x": 314, "y": 228, "adj": ["carpets", "fars", "isfahan", "persian-gulf-north", "pistachios", "turquoise"]},
    {"id": "pistachios", "kind": "goods", "name": term("Pistachios"), "number": 20, "x": 370, "y": 228, "adj": ["baluchistan", "hindu-kush", "isfahan", "khorasan", "saffron", "turquoise"]},
    {"id": "hindu-kush", "kind": "land", "name": term("Hindu Kush"), "x": 426, "y": 228, "adj": ["bactria", "baluchistan", "cotton", "indigo", "khorasan", "pistachios"]},
    {"id": "cotton", "kind": "goods", "name": term("Cotton"), "number": 25, "x": 482, "y": 228, "adj": ["bactria", "hindu-kush", "indigo", "pamir", "pepper", "tibet"]},
    {"id": "tibet", "kind": "land", "name": term("Tibet"), "x": 538, "y": 228, "adj": ["cotton", "pamir", "pepper", "porcelain", "rhubarb", "tea"]},
    {"id": "tea", "kind": "goods", "name": term("Tea"), "number": 32, "x": 594, "y": 228, "adj": ["changan", "porcelain", "rhubarb", "silk", "tibet"]},
    # row 5
    {"id": "damascus", "kind": "start", "name": term("Damascus"), "x": 62, "y": 276, "adj": ["flax", "mediterranean-sea", "nile-delta", "purple-dye", "sinai"]},
    {"id": "sinai", "kind": "land", "name": term("Sinai"), "x": 118, "y": 276, "adj": ["damascus", "flax", "incense", "myrrh", "purple-dye", "syrian-desert"]},
    {"id": "myrrh", "kind": "goods", "name": term("Myrrh"), "number": 9, "x": 174, "y": 276, "adj": ["baghdad", "dates", "incense", "pearls", "sinai", "syrian-desert"]},
    {"id": "pearls", "kind": "goods", "name": term("Pearls"), "number": 12, "x": 230, "y": 276, "adj": ["baghdad", "dates", "fars", "myrrh", "persian-gulf-north", "persian-gulf-south"]},
    {"id": "persian-gulf-north", "kind": "water", "name": term("Persian Gulf (north)"), "x": 286, "y": 276, "adj": ["fars", "isfahan", "ivory", "pearls", "persian-gulf-south", "saffron"]},
    {"id": "isfahan", "kind": "start", "name": term("Isfahan"), "x": 342, "y": 276, "adj": ["arabian-sea", "baluchistan", "ivory", "persian-gulf-north", "pistachios", "saffron"]},
    {"id": "baluchistan", "kind": "land", "name": term("Baluchistan"), "x": 398, "y": 276, "adj": ["arabian-sea", "diamond", "hindu-kush", "indigo", "isfahan", "pistachios"]},
    {"id": "indigo", "kind": "goods", "name": term("Indigo"), "number": 23, "x": 454, "y": 276, "adj": ["baluchistan", "cotton", "delhi", "diamond", "hindu-kush", "pepper"]},
    {"id": "pepper", "kind": "goods", "name": term("Pepper"), "number": 26, "x": 510, "y": 276, "adj": ["bay-of-bengal", "cotton", "delhi", "indigo", "porcelain", "tibet"]},
    {"id": "porcelain", "kind": "goods", "name": term("Porcelain"), "number": 31, "x": 566, "y": 276, "adj": ["bay-of-bengal", "changan", "pepper", "tea", "tibet", "yellow-sea"]},
    {"id": "changan", "kind": "start", "name": term("Chang'an"), "x": 622, "y": 276, "adj": ["porcelain", "tea", "yellow-sea"]},
    # row 6
    {"id": "nile-delta", "kind": "water", "name": term("Nile Delta"), "x": 34, "y": 324, "adj": ["damascus", "flax"]},
    {"id": "flax", "kind": "goods", "name": term("Flax"), "number": 3, "x": 90, "y": 324, "adj": ["damascus", "incense", "nile-delta", "sinai"]},
    {"id": "incense", "kind": "goods", "name": term("Incense"), "number": 8, "x": 146, "y": 324, "adj": ["baghdad", "flax", "myrrh", "sinai"]},
    {"id": "baghdad", "kind": "start", "name": term("Baghdad"), "x": 202, "y": 324, "adj": ["incense", "myrrh", "pearls", "persian-gulf-south"]},
    {"id": "persian-gulf-south", "kind": "water", "name": term("Persian Gulf (south)"), "x": 258, "y": 324, "adj": ["baghdad", "ivory", "pearls", "persian-gulf-north"]},
    {"id": "ivory", "kind": "goods", "name": term("Ivory"), "number": 17, "x": 314, "y": 324, "adj": ["arabian-sea", "isfahan", "persian-gulf-north", "persian-gulf-south"]},
    {"id": "arabian-sea", "kind": "water", "name": term("Arabian Sea"), "x": 370, "y": 324, "adj": ["baluchistan", "diamond", "isfahan", "ivory"]},
    {"id": "diamond", "kind": "goods", "name": term("Diamond"), "number": 22, "x": 426, "y": 324, "adj": ["arabian-sea", "baluchistan", "delhi", "indigo"]},
    {"id": "delhi", "kind": "start", "name": term("Delhi"), "x": 482, "y": 324, "adj": ["bay-of-bengal", "diamond", "indigo", "pepper"]},
    {"id": "bay-of-bengal", "kind": "water", "name": term("Bay of Bengal"), "x": 538, "y": 324, "adj": ["delhi", "pepper", "porcelain", "yellow-sea"]},
    {"id": "yellow-sea", "kind": "water", "name": term("Yellow Sea"), "x": 594, "y": 324, "adj": ["bay-of-bengal", "changan", "porcelain"]},
]
# fmt: on
