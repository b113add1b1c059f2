"""The name grammar: the shapes one name can take in an author list (its words: `name_words`).

`authors.scan_authors` reads a list name by name with these shapes:

    SF  surname-first with initials   "Vaswani, A."  "Van Der Walt, S."  "Chin, W.-S."
    SI  surname then initials         "Abazajian K. N."  "Cai Z.-Y."  (MNRAS, Vancouver)
    IF  initials then surname         "A. R. Calderbank"  "J-D Kim"  "S. van der Walt"
    FN  full given name(s)            "Ashish Vaswani"  "Kenneth G Mann"  "Lluís Màrquez i Villodre"
    CO  collaboration                 "ATLAS Collaboration"  "The LIGO Scientific Collaboration"
    SE  a bare surname before "et al." "Mainzer et al."

Each shape is a function (tokens, i) -> index past the name, or i when the shape does not fit.
"""

from __future__ import annotations

import re

from arxref.parse.name_words import (
    ABBREVIATED_PARTICLE_RE,
    AND_WORDS,
    COLLAB_WORDS,
    FUNCTION_WORDS,
    SUFFIXES,
    SURNAME_LIKE_INITIALS,
    TITLE_WORDS,
    Token,
    ends_sentence,
    is_capword,
    is_fragment,
    is_initial,
    is_particle,
    is_upper_letter,
    is_vancouver_initials,
)

# A particle written into the surname: "desJardins", "deBoer", "vanDam", "d’Enterria", "l'Hôpital".
_CAMEL_SURNAME_RE = re.compile(r"(?:[a-z]{2,4}|[dl][’'])[^\W\d_a-z][^\W\d_]+\.?")


_AFTER_SURNAME = frozenset({",", "(", "and", "&", ";"})  # what may follow a name's surname


def _surname(tokens: list[Token], i: int, limit: int = 3, caps_ok: bool = False) -> int:
    """Index past a surname (particles + 1..limit capitalised words) starting at i, or i if none."""
    j = i
    while j < len(tokens) and is_particle(tokens[j].text):
        j += 1
    k = j
    while k < len(tokens) and k - j < limit and (
        is_capword(tokens[k].text, caps_ok) or (k == j and _CAMEL_SURNAME_RE.fullmatch(tokens[k].text))
    ):
        k += 1
        if ends_sentence(tokens[k - 1].text):
            break
        # a lower-case particle inside a surname: "Ossona de Mendez, P.", "Ramón y Cajal, S.", and
        # given first before a year or the next name: "and P. Ossona de Mendez (2012)", "... and J. Smith"
        inner = k + 2 < len(tokens) and tokens[k].text.islower() and is_particle(tokens[k].text)
        if inner and is_capword(tokens[k + 1].text, caps_ok) and tokens[k + 2].text in _AFTER_SURNAME:
            k += 1
    if k == j and j > i and tokens[j - 1].text[:1].isupper():
        return j  # a capitalised particle is the whole surname: "J. Du", "Y. Le"
    if j < k < len(tokens) and is_fragment(tokens[k].text) and not ends_sentence(tokens[k - 1].text):
        k += 1  # "Ramos-Carre no"
    return k if k > j else i


def _initials(tokens: list[Token], i: int, need_period: bool) -> int:
    """Index past a run of initials starting at i."""
    j = i
    while j < len(tokens) and (is_initial(tokens[j].text, need_period) or _surname_like_initial(tokens, j)):
        if et_al_end(tokens, j) > j:
            break  # "Adhikari, R. X. u. a.": German et al., not an initial "u."
        # "DERBEL, B. A Correlation Analysis": a bare "A" after "B." is the title's article, unless a
        # separator closes it: PNAS's "Abbott, B. P, Abbott, R," drops the last initial's period
        bare_after_dotted = j > i and tokens[j - 1].text.endswith(".") and not tokens[j].text.endswith(".")
        if bare_after_dotted and not (len(tokens[j].text) == 1 and _closes_name(tokens, j + 1)):
            break
        j += 1
    return j


def _surname_like_initial(tokens: list[Token], j: int) -> bool:
    """'Yu.' as an initial: a capitalised surname closed by a separator or a period comes next."""
    if not tokens[j].text.endswith(("Yu.", "Ya.")):
        return False
    parts = [p for p in re.split(r"[.\-‐]", tokens[j].text) if p]
    if not tokens[j].text.endswith(".") or not parts or parts[-1] not in SURNAME_LIKE_INITIALS:
        return False
    if not all(len(p) == 1 and is_upper_letter(p) for p in parts[:-1]) or j + 1 >= len(tokens):
        return False
    nxt = tokens[j + 1].text
    after = tokens[j + 2].text if j + 2 < len(tokens) else ","
    return is_capword(nxt) and (ends_sentence(nxt) or after in (",", ";", "&") or after.lower() in AND_WORDS)


def _suffix(tokens: list[Token], i: int) -> int:
    if i < len(tokens) and tokens[i].text.lower() in SUFFIXES:
        return i + 1
    if i + 1 < len(tokens) and tokens[i].text == "," and tokens[i + 1].text.lower() in SUFFIXES:
        return i + 2
    return i


def _name_sf(tokens: list[Token], i: int) -> int:
    """'Vaswani, A.' / 'Van Der Walt, S.' / 'Neal., R. M.' / 'BOWEN, R.'"""
    j = _surname(tokens, i, caps_ok=True)
    if j == i or j >= len(tokens) or tokens[j].text != ",":
        return i
    if j + 2 < len(tokens) and tokens[j + 1].text.lower() in SUFFIXES and tokens[j + 2].text == ",":
        j += 2  # the suffix between surname and initials: "Steele, Jr., G. L." (PNAS, APA)
    k = _initials(tokens, j + 1, need_period=False)
    if k == j + 1 and k < len(tokens) and is_vancouver_initials(tokens[k].text):
        k += 1
    particle = k < len(tokens) and bool(ABBREVIATED_PARTICLE_RE.fullmatch(tokens[k].text))
    if k > j + 1 and particle and et_al_end(tokens, k) == k:
        k += 1  # an abbreviated particle after the initials: "Freitas, N. d." (de), "Seijen, H. v." (van)
    elif k > j + 1 and k < len(tokens) and _is_trailing_particle(tokens[k].text):
        # ABNT puts the particle after the initials: "SILVA, E. da.", "RAMOS, E. da S.", "R. A. de S."
        after = _initials(tokens, k + 1, need_period=True)
        k = after if after > k + 1 else (k + 1 if tokens[k].text.endswith(".") else _particles_end(tokens, k))
    if k > j + 1 and j - i >= 2 and not is_particle(tokens[i].text) and _name_closes_at(tokens, k):
        # "Pieter Kok, W. J. Munro, ...": a full name, then the initials of the next name
        return i
    return _suffix(tokens, k) if k > j + 1 else i


def _particles_end(tokens: list[Token], k: int) -> int:
    """Past the particles after a name's initials when a separator or the year closes them: harvard's
    "Walt, S. van der," and "Broglie, L. de (1924)"; else k ("Smith, J. de novo ..." is a title)."""
    m = k
    while m < len(tokens) and m - k < 3 and _is_trailing_particle(tokens[m].text):
        m += 1
    return m if _closes_name(tokens, m) else k


def _closes_name(tokens: list[Token], k: int) -> bool:
    """Whether what stands at k closes the name before it: the end, ",", ";", "and", or the bracketed
    year of an author-year list."""
    if k >= len(tokens):
        return True
    return tokens[k].text in (",", ";") or tokens[k].text.lower() in AND_WORDS or _year_in_brackets(tokens, k)


def _is_trailing_particle(word: str) -> bool:
    return word.islower() and is_particle(word.rstrip("."))


def _name_closes_at(tokens: list[Token], k: int) -> bool:
    """A capitalised surname at k that a separator or a sentence period closes."""
    if k >= len(tokens) or not is_capword(tokens[k].text):
        return False
    after = tokens[k + 1].text if k + 1 < len(tokens) else ""
    return ends_sentence(tokens[k].text) or after in (",", ";") or after.lower() in AND_WORDS


_YEAR_TOKEN_RE = re.compile(r"(?:1[5-9]|20)\d\d[a-z]?")


def _inverted_first_of_list(tokens: list[Token], k: int, chain: bool = False) -> bool:
    """At k, ", et al." or ", and" and a name in full: what follows MLA's first, inverted name;
    with `chain`, also names in full before that ", and" (Chicago: "Goodfellow, Ian, Yoshua Bengio,
    and Aaron Courville")."""
    if k + 1 >= len(tokens) or tokens[k].text != ",":
        return False
    if et_al_end(tokens, k + 1) > k + 1:
        return True
    for _ in range(12 if chain else 0):  # the names in full between the first and the last
        past = _full_name_end(tokens, k + 1)
        if past == k + 1 or past >= len(tokens) or tokens[past].text != ",":
            break
        k = past
    if k + 1 >= len(tokens) or tokens[k + 1].text.lower() not in AND_WORDS:
        return False
    j = k + 2
    while j < len(tokens) and j - k <= 5:
        w = tokens[j].text
        if not (is_capword(w.rstrip(".,")) or is_initial(w)):
            break
        if w.endswith(".") and not is_initial(w) or w.endswith(","):
            return j > k + 2  # "and José M. Sancho." (given names, then the surname)
        j += 1
    if j <= k + 3 or j >= len(tokens):
        return False
    return tokens[j].text in (",", ".", ":") or _year_in_brackets(tokens, j)  # CJE: "... Sancho (1999)"


def _name_words_end(tokens: list[Token], i: int) -> int:
    """Index past up to four capitalised words and initials at i: the words a name in full may have."""
    j = i
    while j < len(tokens) and j - i < 4 and (is_capword(tokens[j].text) or is_initial(tokens[j].text)):
        j += 1
    return j


def _full_name_end(tokens: list[Token], i: int) -> int:
    """Index past a given-first name in full at i ("Yoshua Bengio", "Robert E. Schapire"), else i."""
    j = _name_words_end(tokens, i)
    if j - i < 2 or not is_capword(tokens[i].text) or not is_capword(tokens[j - 1].text):
        return i
    return j if not ends_sentence(tokens[j - 1].text) else i


def _and_full_name_closed(tokens: list[Token], k: int) -> bool:
    """At k, "and" and a name in full, then what ends the names: the ":" before the title
    (biblatex-dw: "Dean, Jeffrey and Sanjay Ghemawat: MapReduce") or the year in brackets
    (biblatex authoryear: "Kingma, Diederik P. and Jimmy Ba (2014)"), as MLA's ", and" does."""
    if k >= len(tokens) or tokens[k].text.lower() not in AND_WORDS or et_al_end(tokens, k) > k:
        return False
    j = _name_words_end(tokens, k + 1)
    return j > k + 2 and (_names_end_at(tokens, j) or (j < len(tokens) and tokens[j].text == ","))


def _et_al_closed(tokens: list[Token], k: int) -> bool:
    """At k, "et al." and what ends the names: "Deng, Jia et al.: ImageNet", "Brown, Tom B. et al. (2020)"."""
    j = et_al_end(tokens, k)
    return j > k and _names_end_at(tokens, j)


def _names_end_at(tokens: list[Token], j: int) -> bool:
    """At j, the ":" before the title (after "(eds.)" or not), the year in brackets, or ", eds.": the
    end of a list of names."""
    if _year_in_brackets(tokens, j) or _colon_before_title(tokens, j):
        return True
    return j + 1 < len(tokens) and tokens[j].text == "," and tokens[j + 1].text.lower() in _EDITORS_WORDS


_EDITORS_WORDS = frozenset({"ed.", "eds.", "eds", "hrsg.", "hg.", "éd.", "éds.", "dir."})


def _colon_before_title(tokens: list[Token], j: int) -> bool:
    """At j, the ":" that ends the names, or "(eds.):" / "(Hrsg.):" for editors."""
    bracket = j + 3 < len(tokens) and tokens[j].text == "(" and tokens[j + 2].text == ")"
    if bracket and tokens[j + 1].text.lower() in _EDITORS_WORDS:
        j += 3
    return j < len(tokens) and tokens[j].text == ":"


def _closes_given_names(tokens: list[Token], k: int, chain: bool = False) -> bool:
    """What may close the given names of a "Surname, Given" name at k: ";" or the ":" before the title,
    the year in brackets, or what follows an inverted first name (MLA's ", and", dw's "and ... :")."""
    return (
        tokens[k].text == ";"
        or _colon_before_title(tokens, k)
        or _year_in_brackets(tokens, k)
        or _inverted_first_of_list(tokens, k, chain)
        or _and_full_name_closed(tokens, k)
        or _et_al_closed(tokens, k)
        or (chain and _title_follows_lone_name(tokens, k))
    )


def _initial_after_full_given_name(tokens: list[Token], first: int, k: int) -> bool:
    """Whether the given names tokens[first:k] end in an initial with its period after a given name in
    full ("Andrew G."), then a capitalised word that no ";" follows: the title, no more of the name."""
    last = tokens[k - 1].text
    if k - first < 2 or not (is_initial(last) and last.endswith(".")) or k >= len(tokens):
        return False
    word = tokens[k].text
    if not is_capword(word) or is_initial(word) or word.lower().rstrip(".,;:") in SUFFIXES:
        return False  # a separator or a suffix goes on as it always has: "Correa, José R. ;", "Guy L. Jr.:"
    full = any(is_capword(t.text) and not is_initial(t.text) for t in tokens[first : k - 1])
    return full and not (k + 1 < len(tokens) and tokens[k + 1].text == ";")


def _title_follows_lone_name(tokens: list[Token], k: int) -> bool:
    """At k, the title after a lone author in full (MLA, Chicago, AER): a capitalised title word after
    the given names' initial ("Knuth, Donald E. The TeXbook."), or after their comma a chunk no name
    reads like: a title word first, four words or more, or a function word ("Knuth, Donald E., The
    TeXbook, ...", "von Neumann, John, Mathematische Grundlagen der Quantenmechanik, ...")."""
    if tokens[k].text != ",":
        opens = tokens[k].text[:1].isupper() and tokens[k].text.lower() in TITLE_WORDS
        return opens and is_initial(tokens[k - 1].text) and tokens[k - 1].text.endswith(".")
    chunk = []
    for t in tokens[k + 1 :]:
        if t.text in (",", ";", ":"):
            break
        chunk.append(t.text.rstrip("."))
        if t.text.endswith("."):
            break
    if not chunk or not chunk[0][:1].isupper():
        return False
    words = {w.lower() for w in chunk if len(w) > 1}  # not "A": a middle initial ("Fred A Hamprecht")
    return chunk[0].lower() in TITLE_WORDS or len(chunk) >= 4 or bool(words & (FUNCTION_WORDS - AND_WORDS))


def _name_sg(tokens: list[Token], i: int) -> int:
    """DIN 1505's 'Cominetti, Roberto ;' / 'Correa, José R. ;' / 'Elstrodt, Jürgen:': surname, comma,
    given names, closed only by ";" or the ":" before the title (a comma would be a title's).
    A particle may end the given names ('Broglie, Louis de:'). MLA and Chicago close a lone
    author's given name with the sentence period ('Nakamoto, Satoshi. Bitcoin: ...') when the
    surname is one word: "Ashish Vaswani, Noam Shazeer." is two names, not one. ISO 690 sets the
    surname in capitals: "WALT, Stéfan van der; COLBERT, S. Chris;"."""
    if i >= len(tokens):
        return i
    j = _surname(tokens, i, caps_ok=tokens[i].text.isupper())  # not "Kingma DP, Ba J. Adam: ..."
    if j == i or j + 1 >= len(tokens) or tokens[j].text != "," or ends_sentence(tokens[j - 1].text):
        return i
    one_word = j - i == 1 or (j - i == 2 and is_particle(tokens[i].text))
    ahead = range(i + 2, min(i + 7, len(tokens)))
    def closes(n: int) -> bool:
        return _closes_given_names(tokens, n, one_word) or ends_sentence(tokens[n - 1].text)

    if not any(closes(n) or _initial_after_full_given_name(tokens, j + 1, n) for n in ahead):
        return i
    k = j + 1
    while k < len(tokens) and k - j <= 3 and (is_capword(tokens[k].text) or is_initial(tokens[k].text)):
        k += 1
        if ends_sentence(tokens[k - 1].text) and tokens[k - 1].text.lower() not in SUFFIXES:
            break  # "Satoshi. Bitcoin": the period ended the name ("Guy L. Jr.:" goes on)
        if _initial_after_full_given_name(tokens, j + 1, k):
            break  # "BARTO, Andrew G. Reinforcement Learning": the title, unless ";" closes the word
    if k > j + 1 and k < len(tokens) and _is_trailing_particle(tokens[k].text):
        k = max(k + 1, _particles_end(tokens, k))  # "Broglie, Louis de:", "WALT, Stéfan van der;"
    # an initial first is read only up to the ";" of a list that separates its names so (ISO 690:
    # "COLBERT, S. Chris; VAROQUAUX, Gaël"): there a title cannot have begun
    initial_first = k > j + 1 and is_initial(tokens[j + 1].text) and k < len(tokens) and tokens[k].text == ";"
    if k <= j + 1 or not (is_capword(tokens[j + 1].text) or initial_first):
        return i  # the given name comes first, in full: "Ba, J. Adam: A method ..." is "Ba, J." and a title
    period = ends_sentence(tokens[k - 1].text) or _initial_after_full_given_name(tokens, j + 1, k)
    if period and tokens[k - 1].text.lower() not in SUFFIXES:
        opens = k < len(tokens) and (tokens[k].text[:1].isupper() or tokens[k].text[:1] in "“\"'‘")
        return k if one_word and opens and k - j <= 3 else i
    # Chicago's list of names in full after the first is read only after a one-word surname, so that
    # "Ashish Vaswani, Noam Shazeer, Niki Parmar, and ..." stays a list of given-first names
    return k if k < len(tokens) and _closes_given_names(tokens, k, one_word) else i


def _name_si(tokens: list[Token], i: int) -> int:
    """'Abazajian K. N.' / 'Gelman A.' / Vancouver 'Smith JA'."""
    j = _surname(tokens, i)
    if j == i or ends_sentence(tokens[j - 1].text):
        return i
    k = _initials(tokens, j, need_period=True)
    if k == j and j < len(tokens):
        # Vancouver "Smith JA," / "Doe B." : bare capitals, then a separator or the end
        w = tokens[j].text
        bare = is_vancouver_initials(w.rstrip(".")) or (len(w.rstrip(".")) == 1 and is_initial(w))
        if bare and (w.endswith(".") or _closes_name(tokens, j + 1)):
            k = j + 1  # ... or the year in brackets of an author-year list: "Hunter JD (2007)" (J Neurosci)
    return k if k > j else i


def _year_in_brackets(tokens: list[Token], j: int) -> bool:
    """'(2007)' at token j: the date that closes an author-year list's names."""
    if j + 1 >= len(tokens) or tokens[j].text != "(":
        return False
    return bool(_YEAR_TOKEN_RE.fullmatch(tokens[j + 1].text))


def _name_if(tokens: list[Token], i: int) -> int:
    """'A. R. Calderbank' / 'J-D Kim' / 'E Grouzi' / 'S. van der Walt' / 'Q. WANG'."""
    j = _initials(tokens, i, need_period=False)
    if j == i:
        return i
    k = _surname(tokens, j, caps_ok=tokens[j - 1].text.endswith("."))
    if k == j and j < len(tokens) and tokens[j - 1].text.endswith(".") and _closed(tokens, j + 1):
        w = tokens[j].text
        if re.fullmatch(r"[A-Z][a-z]{1,3}", w) and w.lower() in TITLE_WORDS:
            return j + 1  # a surname that is also a title word, closed by a separator: "B. Do, M. Ohsaki"
    k = _longer_given_names(tokens, j, k)
    return _suffix(tokens, k) if k > j else i


def _longer_given_names(tokens: list[Token], j: int, k: int) -> int:
    """After the first initials, full given names and more initials before the surname: "C. Jessica E.
    Metcalf", "MC Lima de Mendonça" (a full name read from j, when it is closed and longer than k)."""
    longer = _name_fn(tokens, j)
    return longer if longer > k and _closed(tokens, longer) else k


def _closed(tokens: list[Token], k: int) -> bool:
    """A separator ("," ";" "and" "&") or the end of the list's sentence right after token k-1."""
    if k >= len(tokens):
        return True
    w = tokens[k].text
    return w in (",", ";", "&") or w.lower() in AND_WORDS or tokens[k - 1].text.endswith(".")


def _name_gi(tokens: list[Token], i: int) -> int:
    """'AB Sudeep', 'MZ Rosenberg': capitals without periods (Google Scholar's .bib), then a surname."""
    if i >= len(tokens) or not is_vancouver_initials(tokens[i].text):
        return i
    k = _longer_given_names(tokens, i + 1, _surname(tokens, i + 1))
    return k if k > i + 1 and _closed(tokens, k) else i


def _name_fn(tokens: list[Token], i: int) -> int:
    """'Ashish Vaswani' / 'Kenneth G Mann' / 'Giovanni Da San Martino' / 'Lluís Màrquez i Villodre'."""
    if i >= len(tokens) or not is_capword(tokens[i].text) or ends_sentence(tokens[i].text):
        return i
    j = i + 1
    last_cap = i
    while j < len(tokens) and j - i < 5:
        w = tokens[j].text
        if is_capword(w) or _CAMEL_SURNAME_RE.fullmatch(w):
            last_cap = j
            j += 1
            if ends_sentence(w):
                break
        elif (is_initial(w) or is_particle(w) or is_fragment(w)) and not ends_sentence(w):
            j += 1
        elif is_vancouver_initials(w):
            j += 1  # Google Scholar's middle initials: "Johanna JM Takkenberg", "Moritz UG Kraemer"
        else:
            break
    if last_cap == i:
        return i
    if last_cap + 1 < len(tokens) and is_fragment(tokens[last_cap + 1].text):
        last_cap += 1  # "Alberto Barrón-Cede no,"
    if ends_sentence(tokens[last_cap].text):
        return last_cap + 1  # "Théorie de Hodge. II,": the period closed the name, no suffix follows
    return _suffix(tokens, last_cap + 1)


def et_al_end(tokens: list[Token], i: int) -> int:
    """Index past 'et al.' / 'et al' / 'et. al.' / 'et.al.' / 'and others' / 'u. a.' at i, else i."""
    if i < len(tokens):
        w = tokens[i].text.lower()
        if w in ("et.al.", "et.al", "etal.", "etal"):
            return i + 1
        if w in ("et", "et.") and i + 1 < len(tokens) and re.fullmatch(r"al\.*", tokens[i + 1].text.lower()):
            return i + 2
        # German "und andere" (DIN 1505: "... ; u. a.: Title")
        if w == "u.a.":
            return i + 1
        if w == "u." and i + 1 < len(tokens) and tokens[i + 1].text.lower() == "a.":
            return i + 2
        # "and others", ametsoc's "and Coauthors", "S. Popinet and collaborators"; MDPI prints a .bib's
        # "and others" as a last name: "Merchant, C.J.; Embury, O.; others. Title"
        others = w.rstrip(".") in ("others", "coauthors", "collaborators")
        if others and i > 0 and (tokens[i - 1].text.lower() in AND_WORDS or tokens[i - 1].text == ";"):
            return i + 1
        # APA's cut in a long list: "Ackley, K., . . . others (2016)" / "…"
        j = ellipsis_end(tokens, i)
        if j > i and j < len(tokens) and tokens[j].text.lower().rstrip(".") == "others":
            return j + 1
    return i


def ellipsis_end(tokens: list[Token], i: int) -> int:
    """Index past an ellipsis at i ("…", "...", or ". . ." as three tokens), else i."""
    if i < len(tokens) and tokens[i].text in ("…", "..."):
        return i + 1
    if i + 2 < len(tokens) and all(tokens[k].text == "." for k in range(i, i + 3)):
        return i + 3
    return i


def _name_surname_et_al(tokens: list[Token], i: int) -> int:
    """'Mainzer et al.': a bare surname is a name when "et al." follows it."""
    j = _surname(tokens, i, limit=2)
    if j == i or ends_sentence(tokens[j - 1].text):
        return i
    comma = j + 1 if j < len(tokens) and tokens[j].text == "," else j  # "Alessandro, et al. 2020."
    return j if et_al_end(tokens, comma) > comma else i


def _name_collab(tokens: list[Token], i: int) -> int:
    """'ATLAS Collaboration', 'The Planck Collaboration', 'JLQCD and TWQCD collaborations'."""
    j = i
    while j < len(tokens) and j - i < 7:
        w = tokens[j].text
        if w.rstrip(".,").lower() in COLLAB_WORDS and j > i:
            return j + 1
        if not (w[:1].isupper() or w.lower() in AND_WORDS or w.lower() == "the") or w.endswith("."):
            break  # an initial is a person's name: "Vicsek T. Hierarchical group dynamics"
        j += 1
    return i


GRAMMAR = (
    ("CO", _name_collab), ("SF", _name_sf), ("SI", _name_si), ("IF", _name_if), ("FN", _name_fn),
    ("SE", _name_surname_et_al), ("GI", _name_gi), ("SG", _name_sg),
)
FAMILY = {
    "SF": "surname", "SI": "surname", "IF": "given", "FN": "given", "GI": "given", "CO": None, "SE": None,
    "SG": "surname-given",  # DIN lists never mix with the initials of other styles
}


def clean_name(name: str) -> str:
    """Drop a trailing sentence period from a surname ('Shazeer.' -> 'Shazeer'), keep initials' periods."""
    name = name.strip().strip(",;")
    last = name.rsplit(" ", 1)[-1]
    abbreviated = is_initial(last) or ABBREVIATED_PARTICLE_RE.fullmatch(last)  # "N. d." (de)
    if name.endswith(".") and not abbreviated and last.lower().rstrip(".") not in ("jr", "sr", "al"):
        name = name[:-1]
    return name
