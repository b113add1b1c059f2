"""Where the title of an entry stops: sentence ends, comma chunks, and what opens a venue.

Period styles ("Authors. Title. Venue ...") end the title at the next real sentence end,
which is not the period of "U.S.", "no. 1", "e.g." or of an initial inside brackets.
Comma styles ("A. Author, Title, Journal 12 (2019) 1") end it at the first comma chunk
that opens a venue (`venue.looks_like_venue`); when the first chunk already is a
venue, the entry has no title (physics: "J. Smith, Phys. Rev. D 76, 013009 (2007)").
"""

from __future__ import annotations

import re

from arxref.parse.venue import (
    is_numeric_chunk,
    is_version_chunk,
    looks_like_venue,
    looks_like_venue_first,
    named_venue_with_year,
    names_publisher,
    opens_with_venue_cue,
    title_like,
    two_word_title,
)

# A year where the position says it is one (after the authors, closing a chunk); old years
# too, since humanities cite Kant (1790).
YEAR = r"(?:1[5-9]|20)\d\d"
# APA's date in brackets after the authors: "(2019)", "(2011b)", "(2020, 24 marzo)", "(n.d.)" and its
# translations ("s. f.", "s.d.", "z.d.", "o. J.")
_DAY_MONTH = r"(?:,\s(?:\d{1,2}\.?\s)?[^\W\d_]{3,10}\.?(?:\s\d{1,2})?)?"
APA_DATE = rf"\((?:{YEAR}[a-z]?{_DAY_MONTH}|[nsz]\.\s?[dfD]\.(?:-[a-z])?|o\.\s?J\.)\)"
# Sentence ends inside an entry: ". ", "? ", "! " (a closing quote may sit before the space).
_SENT_END_RE = re.compile(r"[.?!](?=[\"”’']?(?:\s|$))")
_ABBREVIATIONS = frozenset({
    "vs", "e.g", "i.e", "cf", "no", "nr", "vol", "st", "dr", "mr", "mrs", "ms", "prof", "fig", "eq", "ca",
    "approx", "resp", "viz", "incl", "ed", "eds", "rev", "al", "p", "pp", "tech", "chap",
})
# Lower-case words that can start the next field after a title ("arXiv preprint", "in Proc.").
_LOWER_FIELD_STARTS = re.compile(
    r"(?:arxiv|biorxiv|medrxiv|corr|https?:|www\.|doi|in\s|pp\.|vol\.|pages|url|unbekannt|npj|elife"
    # the kind of work, printed in lower case by some styles and by HAL's exports: "Title. working paper
    # or preprint", "Title. phdthesis, Université ...", "Title. preprint (2022)", "Title. to appear in"
    r"|working\s+paper|preprint|phd\s*thesis|masters?\s*thesis|techreport|unpublished|manuscript"
    r"|submitted\b|in\s+press|to\s+appear"
    # biblatex's language field after the title: "Title. eng. Gauthier-Villars", "Title. es. url: ..."
    r"|(?:en|eng|es|spa|de|ger|deu|fr|fre|fra|it|ita|pt|por|english|german|french|spanish)\.(?=\s|$)"
    r"|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,6}(?=[\s,;/]|$))",  # a web site: "ethresear.ch, 2017"
    re.IGNORECASE,
)
# Quotes and spaces between a sentence end and the next word.
_SKIP_QUOTES_RE = re.compile(r"[\"”’' ]*")
# What stands before the number of a part: "Cascading: I.", "Production. I.", "Part 1.", "Paper II.".
_PART_BEFORE_RE = re.compile(r"(?:[:.?!]|\b[Pp]art|\b[Pp]aper)\s*$")
_PART_WORD_BEFORE_RE = re.compile(r"(?:\b[Pp]art|\b[Pp]aper|:)\s*$")  # also "Cross Sections: 1. Inclusive"
# The numbered part of a series continues a title after its sentence end: "Outflow. Part II: ...",
# "On transition in a pipe. Part 1. The origin ...", "NE2001. II. Using ...", "warm? Part I: ...",
# "Théorie de Hodge. II, Inst. Hautes Études ..." (amsalpha), "EIGER. III. JWST/NIRCam Observations".
_PART_NEXT_RE = re.compile(
    r"(?:Part|Paper)\s+(?:[IVX]{1,4}|\d{1,2})\b|[IVX]{1,4}(?:[.:]\s+[A-Z](?:[a-z]|[A-Z]{2,}\b)|,)"
)
# ... or is glued to its name: "NE2001.I. A New Model for ...".
_GLUED_PART_RE = re.compile(r"\S*[^\W_]\.[IVX]{1,4}\.")


def _word_before(text: str, i: int, start: int) -> str:
    """The run of non-space characters that ends at text[i] (not reaching before start)."""
    j = i
    while j > start and not text[j - 1].isspace():
        j -= 1
    return text[j:i + 1]


def _is_part_number(text: str, token: str, begin: int, end: int) -> bool:
    """Whether `token` ("II.", "1.") numbers a part of a title, judged by text[begin:end] before it."""
    if re.fullmatch(r"[IVX]{1,4}\.", token):
        return bool(_PART_BEFORE_RE.search(text, begin, end))
    return bool(re.fullmatch(r"\d{1,2}\.", token)) and bool(_PART_WORD_BEFORE_RE.search(text, begin, end))


def sentence_end(text: str, start: int = 0) -> int:
    """Offset of the punctuation that ends the sentence starting at `start` (len(text) if none).

    Linear in the length of the text: each candidate looks back only over its own word and
    the bracket depth is carried along (PDF text that lost its spaces makes long words).
    """
    parens = brackets = 0
    counted = start
    for m in _SENT_END_RE.finditer(text, start):
        i = m.start()
        segment = text[counted:i]
        parens += segment.count("(") - segment.count(")")
        brackets += segment.count("[") - segment.count("]")
        counted = i
        if i <= start:
            continue
        token = _word_before(text, i, start)
        if text[i] == "." and token.rstrip(".").lower().lstrip("(") in _ABBREVIATIONS:
            continue
        if text[i] == "." and re.fullmatch(r"(?:[^\W\d_]\.){2,}", token):
            continue  # "U.S.", "e.g." inside a title
        before = i - len(token) + 1
        if text[i] == "." and _is_part_number(text, token, max(start, before - 12), before):
            continue  # "Fractional cascading: I. A data structuring technique", "A pipe. Part 1. The ..."
        if text[i] == "." and before == start and re.fullmatch(r"[IVXL]{1,6}\.", token):
            continue  # a paper's number in old journals opens its title: "XXVIII. On the forms assumed by"
        if text[i] == "." and _GLUED_PART_RE.fullmatch(token):
            continue
        if text[i] == "." and len(token) == 2 and _inside_initials(text, i, start):
            continue  # "A review of B. F. Skinner's Verbal Behavior": a name's initials inside the title
        nxt = _SKIP_QUOTES_RE.match(text, m.end()).end()
        lower_next = nxt < len(text) and text[nxt].islower()
        if lower_next and not _LOWER_FIELD_STARTS.match(text, nxt) and not _lower_venue_at(text, nxt):
            continue
        if text[i] in "?!" and _title_goes_on(text, nxt):
            continue  # "Are we there yet? A study on the state of high-level synthesis. IEEE Trans. ..."
        if _PART_NEXT_RE.match(text, nxt):
            continue
        if parens > 0 or brackets > 0:
            continue  # "(with comments by M. Clyde, ...)": not the end of the title
        return i
    return len(text)


# A name's initials inside a title: two or three after a lower-case word, before a capitalised name
# ("of B. F. Skinner's"); never after "and" (the names of a list: "and D. J. Wilson (Hadron Spectrum)"),
# and never one alone ("graphs I. Publicationes", "A to Z. Elsevier" end their sentences).
_INITIALS_IN_TITLE_RE = re.compile(
    r"\b(?!and\b|und\b|et\b)[a-z]{2,}\s+((?:[A-Z]\.\s?){2,3})(?=[A-Z][\w’'-]*[a-z])"
)


def _inside_initials(text: str, i: int, start: int) -> bool:
    """Whether the period at text[i] closes an initial of a name that a title quotes."""
    for m in _INITIALS_IN_TITLE_RE.finditer(text, max(start, i - 16), i + 12):
        if m.start(1) <= i < m.end(1):
            return True
    return False


def _lower_venue_at(text: str, i: int) -> bool:
    """A journal printed in lower case at text[i], then only its numbers: "siam Journal on Computing,
    22(5), 935–948", "computational complexity 11(1), 54–89 (2002)", "nature photonics. 4. 2010. 641"."""
    m = re.compile(r",|\.\s").search(text, i)
    if m is None:
        return False
    name = text[i:m.start()]
    pieces = text[m.end():].split("," if m.group() == "," else ". ")
    following = [f for f in pieces[:2] if f.strip(" .")]
    numbers = bool(following) and all(is_numeric_chunk(f) for f in following)
    return numbers and looks_like_venue(name, following)


_JOURNAL_NOUN_RE = re.compile(
    r"\b(?:Journal|Letters|Transactions|Proceedings|Annals|Bulletin|Review|Reports)\b"
)


def _title_goes_on(text: str, i: int) -> bool:
    """After a '?' or '!': a dash, or a sentence in sentence case that is no venue and is not the last one,
    goes on with the title ("Where's the bear? - Automating ...", "Are we there yet? A study on ...")."""
    if re.match(r"[-–—]\s", text[i:i + 2]):
        return True
    end = sentence_end(text, i)
    if end >= len(text) or not text[end + 1:].strip(" .,;"):
        return False
    sentence = text[i:end]
    parts = [sentence[a:b] for a, b in chunks(sentence)][:3]
    venue = looks_like_venue(parts[0], parts[1:]) or looks_like_venue_first(sentence)
    # ... or in title case after a question in title case ("To Adjust or Not to Adjust? Sensitivity
    # Analysis of M-Bias and Butterfly Bias. J. Causal Inference")
    title_case = len(sentence.split()) >= 4 and _title_case(sentence) and _title_case(text[:i])
    # ... unless it names a journal ("The Journal of Physical ..."); no journal opens with "A" ("A
    # Systematic Review on ...")
    journal = _JOURNAL_NOUN_RE.search(sentence) and not re.match(r"\s*An?\s", sentence)
    title_case = title_case and not journal
    return (title_like(sentence) or title_case) and not venue


def chunks(text: str) -> list[tuple[int, int]]:
    """Spans of the top-level comma-separated chunks of text (commas inside brackets don't split)."""
    spans, depth, begin = [], 0, 0
    for i, c in enumerate(text):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth = max(0, depth - 1)
        elif c in ",;" and depth == 0:
            spans.append((begin, i))
            begin = i + 1
    spans.append((begin, len(text)))
    return spans




_BARE_EDITION_RE = re.compile(r"\s*\d+(?:st|nd|rd|th)\s*")
# The chapter of a book that is cited, after the book's title: "..., chapter 7, pages 219–259" (plain,
# abbrv), "..., chap. 7, pp. 219–259" (AIChE), "..., Kapitel 3", "..., cap. 2". Only with its number:
# "Chapter" alone can be a title's word.
_CHAPTER_RE = re.compile(
    r"\s*(?i:chapter|chap\.|ch\.|kapitel|chapitre|cap[ií]tulo|cap\.)\s*(?:\d+|[IVXL]+)\s*$"
)


# A proceedings or series name after the title's comma: "..., Advances in Neural Information Processing
# Systems", "..., 2009 IEEE Conference on Computer Vision ...", "..., International conference on learning
# representations". Only after a first chunk: a book may be titled "Advances in Kernel Methods".
_PROCEEDINGS_AFTER_TITLE_RE = re.compile(
    r"\s*(?:Advances\s+in\s+[A-Z]"
    r"|(?:(?:19|20)\d\d\s+)?(?:(?i:ieee|acm|ieee/cvf)|International|Annual)\s[^,]*?\b[Cc]onference\b)"
)


def _strong_venue(chunk: str) -> bool:
    """A chunk that opens a venue even inside a period-style title sentence (never a lower-case word that
    goes on with the title: "..., for dengue serotypes 1 to 4, yellow fever and ross river viruses.")."""
    if re.match(r"\s*[a-z]", chunk) and not opens_with_venue_cue(chunk):
        return False
    return looks_like_venue(chunk) and not re.fullmatch(r"\s*[\d\s–—-]+\s*", chunk)


# Where a link is dated: years after these are no publication year ("Accessed: 2018-05-28").
_ACCESS_DATE_RE = re.compile(r"(?:last\s+)?(?:accessed|visited|retrieved)\b[^.]*", re.IGNORECASE)


def _sentence_like(text: str) -> bool:
    """Three or more words, most of them not abbreviations: a title, not "Phys" or "J. Chem"."""
    words = text.split()
    return len(words) >= 3 and sum(w.endswith(".") for w in words) * 2 < len(words)


def title_by_sentence(rest: str) -> tuple[str | None, str, str]:
    """Period styles: the title is the next sentence (cut at a comma that opens a venue)."""
    if looks_like_venue_first(rest):
        return None, rest, "venue-first"
    end = sentence_end(rest)
    sentence = rest[:end + 1] if rest[end:end + 1] in ("?", "!") else rest[:end]  # a question keeps its mark
    spans = chunks(sentence)
    for n, (a, b) in enumerate(spans[1:], 1):
        chunk = sentence[a:b]
        last_year = b == len(sentence) and re.fullmatch(r"\s*" + YEAR + r"\s*", chunk)
        if last_year and _later_year(rest[end + 1:], chunk.strip()):
            break  # the title ends in a year, the entry's later: "Zika virus, ..., 2013. ..., 2014."
        if _CHAPTER_RE.match(chunk):
            return sentence[: a - 1], rest[b + 1 :], "sentence"  # the chapter is no venue
        if _BARE_EDITION_RE.fullmatch(chunk):
            return sentence[: a - 1], rest[a:], "sentence"  # biblatex's bare edition: "..., 3rd, Reading"
        proceedings = bool(_PROCEEDINGS_AFTER_TITLE_RE.match(chunk))
        if (_strong_venue(chunk) or last_year or proceedings) and not _PART_OF_TITLE_RE.match(chunk):
            return sentence[: a - 1], rest[a:], "sentence"  # "Title, arXiv preprint", "Title, 2016"
        following = [sentence[c:d] for c, d in spans[n + 1 : n + 3]]
        if _journal_after_title(sentence[: a - 1], chunk, following) or _city_of_publisher(chunk, following):
            return sentence[: a - 1], rest[a:], "sentence"
    return sentence, rest[end + 1:], "sentence"


def _journal_after_title(title: str, chunk: str, following: list[str]) -> bool:
    """A journal after a title in one sentence (Taylor & Francis, Harvard: "2016. Observation of
    gravitational waves ..., Physical Review Letters, 116 (6), 061102."): a title in sentence case,
    then a name in title case with its volume, in the chunk or the next."""
    name = re.split(r"\s\d", chunk.strip(), maxsplit=1)[0]
    tail = chunk.strip()[len(name):]
    if len(name.split()) == 1 and _sentence_case(title) and name[:1].isupper() and name.isalpha():
        # "Econometrica 47(2): 263–291", "Nature 585: 357–362", or in the next chunk "Nature, 585 (7825), ..."
        return bool(_ISSUE_OR_PAGES_RE.match(tail)) or (
            not tail and bool(following) and bool(_VOLUME_ISSUE_RE.match(following[0]))
        )
    if len(name.split()) < 2 or not _sentence_case(title) or not _title_case(name):
        return False
    if _VOLUME_TAIL_RE.fullmatch(tail):  # "Physical Review Letters 116(6): 061102"
        return True
    # the volume in the chunk or after it: "..., Communications of the ACM, Vol. 21, pp. 558–565"
    volume = any(c.isdigit() for c in chunk)
    volume = volume or any(re.match(r"\s*\d", f) or _VOLUME_NEXT_RE.match(f) for f in following)
    return volume and looks_like_venue(chunk, following)


# A one-word journal needs more than a number after it: an issue or pages ("47(2): 263–291", "36: 193–202"),
# where a title's "Part 2" has neither.
_VOLUME_ISSUE_RE = re.compile(r"\s*\d+\s*\(\d+\)\s*$")  # the chunk after a journal: "585 (7825)"
_ISSUE_OR_PAGES_RE = re.compile(r"\s+\d+\s*(?:\(\d+\)\s*:?|:)\s*\d")
# What follows a journal's name in the same chunk: volume, issue, pages ("116(6): 061102", "558, A33").
_VOLUME_TAIL_RE = re.compile(r"\s+\d[\d\s():;,.–—/-]*(?:[A-Za-z]?\d[\d\s():;,.–—/-]*)?")


def _later_year(text: str, year: str) -> bool:
    """Whether text names a publication year other than `year` (not the date a link was accessed)."""
    years = re.findall(r"(?<![\d.:/-])" + YEAR + r"(?!\d)", _ACCESS_DATE_RE.sub(" ", text))
    return any(y != year for y in years)


_VOLUME_NEXT_RE = re.compile(r"\s*vol(?:ume)?\.?\s*\d", re.IGNORECASE)
# An abbreviated series name: "Perspect. Math.", "Contemp. Math.", "Fields Inst. Commun.".
_ABBREVIATED_WORD_RE = re.compile(r"[A-Z][a-z]{0,8}\.")


def _abbreviated_series(chunk: str) -> bool:
    words = chunk.split()
    abbreviated = sum(bool(_ABBREVIATED_WORD_RE.fullmatch(w)) for w in words)
    return 0 < len(words) <= 4 and abbreviated * 2 >= len(words)


def _sentence_case(text: str) -> bool:
    """A title written in sentence case: a long lower-case word after the first ("Cohomology of sheaves")."""
    return any(len(w) >= 4 and w.isalpha() and w.islower() for w in text.split()[1:])


_QUOTES = "\"'“”‘’„«»"


def _title_case(text: str) -> bool:
    """Every long word capitalised: a series or journal name ("Chicago Lectures in Mathematics"), or a
    title set so (quotation marks aside: "“Mind the Gap!”")."""
    words = [w.strip(_QUOTES) for w in text.split()]
    return all(w[:1].isupper() for w in words if len(w) >= 4) and text.strip(_QUOTES + " ")[:1].isupper()


def _series_opens(texts: list[str], k: int) -> bool:
    """Whether chunk k starts a book series or a booktitle after the title (amsalpha, amsplain).

    "..., Current problems in mathematics, Vol. 24" (series, then its volume), "..., Beĭlinson's
    conjectures on special values of L-functions, Perspect. Math., vol. 4" (booktitle, abbreviated
    series, volume), "Cohomology of sheaves, Universitext, Springer-Verlag" (a title-case series
    before the publisher, after a sentence-case title).
    """
    if not texts[k].strip()[:1].isupper() or k + 1 >= len(texts):
        return False
    if _VOLUME_NEXT_RE.match(texts[k + 1]):
        return True
    if k + 2 < len(texts) and _abbreviated_series(texts[k + 1]) and _VOLUME_NEXT_RE.match(texts[k + 2]):
        return True
    title = ",".join(texts[:k])
    return (
        _sentence_case(title) and _title_case(texts[k]) and not looks_like_venue(texts[k])
        and names_publisher(texts[k + 1])
    )


def title_by_commas(rest: str) -> tuple[str | None, str, str]:
    """Comma styles: the title runs over chunks until one opens a venue; none if the venue comes first."""
    end = sentence_end(rest)
    spans = chunks(rest)
    texts = [rest[a:b] for a, b in spans]
    if len(spans) > 1 and _REPORT_NUMBER_RE.match(texts[0]):
        # MNRAS: "2009, Technical Report KSCI-19033, Kepler Instrument Handbook. National Aeronautics ..."
        return title_by_commas(rest[spans[1][0]:])
    if len(spans) > 2 and _SERIES_VOLUME_FIRST_RE.match(texts[0]) and _VOLUME_ONLY_RE.match(texts[1]):
        # AASTeX with ADS's SPIE records: "2016, SPIE Conference Series, Vol. 9911, Title, 99112J"
        return texts[2], rest[spans[3][0]:] if len(spans) > 3 else "", "comma"
    if looks_like_venue(texts[0], texts[1:3]) or looks_like_venue_first(rest):
        # "Title ends here. Science 325, 1227 (2009)", "Stochastic Processes. Wiley-Interscience" (MNRAS)
        # ... or an institution ("Kepler Data Release 24 Notes. National Aeronautics and Space ...")
        # (a sentence that opens "in ..." is the booktitle: "2012, in Proceedings of ... NIPS'12. Curran")
        inside = end < spans[0][1] and _title_before_end(rest[:end]) and not _BOOKTITLE_RE.match(rest)
        if inside and (looks_like_venue(rest[end + 1:spans[0][1]]) or not _venue_sentence(rest[:end])):
            return rest[:end], rest[end + 1:], "comma"
        return None, rest, "venue-first"
    for k in range(1, len(spans)):
        a, b = spans[k]
        if a > end:
            break
        if re.match(r"\s*(?:and|&)\s", texts[k]):
            continue  # "Data Mining, Inference, and Prediction. Springer": the last item of a title's list
        if _PART_OF_TITLE_RE.match(texts[k]):
            continue  # "The Art of Computer Programming, volume 1: Fundamental algorithms, 3rd ed."
        # pages closing the title's sentence: "Classe d'homologie associée à un cycle, 101–151. Astérisque"
        numbers = b > end and is_numeric_chunk(rest[a:end])
        # "J. Reine Angew, Math. 92": the journal abbreviation "J." opens a venue (no title chunk starts so)
        journal = bool(_JOURNAL_J_RE.match(texts[k]))
        # a publisher's city, then its state and the publisher: "Deep Learning, Cambridge, MA: MIT Press"
        city = _city_of_publisher(texts[k], texts[k + 1 :])
        # a booktitle in quotes or an editor's initials after "in" (Harvard agsm): "..., in ‘Proc. ...’"
        booktitle = bool(_BOOKTITLE_OPENS_RE.match(texts[k]))
        edition = bool(_BARE_EDITION_RE.fullmatch(texts[k]))  # biblatex's bare "3rd"
        # AMS styles: "Title, Booktitle (L. A. Jakobovits and M. S. Miron, eds.), Publisher": edited
        booktitle = booktitle or bool(_EDITED_BOOK_RE.search(texts[k]))
        venue = looks_like_venue(texts[k], texts[k + 1:k + 3]) or numbers or journal or city
        venue = venue or (k == len(spans) - 1 and named_venue_with_year(texts[k]))
        venue = venue or booktitle or edition or bool(_PROCEEDINGS_AFTER_TITLE_RE.match(texts[k]))
        if _CHAPTER_RE.match(texts[k]):
            return rest[: a - 1], rest[b + 1 :], "comma"  # the chapter is no venue
        book = venue and b > end and names_publisher(rest[end + 1:b]) and _title_before_end(rest[a:end])
        if book and not _BOOKTITLE_RE.match(rest):
            # a book's title, then its publisher: "Forecasting, Structural Time Series Models and the Kalman
            # Filter. Cambridge University Press" (MNRAS)
            return rest[:end], rest[end + 1:], "comma"
        journal = _journal_opens(texts, k) or _title_case_journal(texts, k)
        if venue or is_version_chunk(texts[k - 1]) or _series_opens(texts, k) or journal:
            return rest[: a - 1], rest[a:], "comma"  # a "Version 1.1" chunk closes a title
    return rest[:end], rest[end + 1:], "comma"


_JOURNAL_J_RE = re.compile(r"\s*J\.\s+[A-Z][a-z]")
# A volume of a multi-volume work named in its title: "The Art of Computer Programming, Volume 1: ..."
_PART_OF_TITLE_RE = re.compile(r"\s*(?:Vol(?:ume)?\.?|Part|Band|Tome)\s+[\dIVX]+\s*:\s*\S", re.IGNORECASE)
# After a city: its state, then the publisher or (biblatex-dw: "Reading, MA 1997") the year
_STATE_PUBLISHER_RE = re.compile(rf"\s*[A-Z]{{2}}\s*(?::\s*[A-Z]|{YEAR}\b)")


def _city_of_publisher(chunk: str, following: list[str]) -> bool:
    """A city of one or two capitalised words, then its state and the publisher: "Cambridge" before
    "MA: MIT Press", "Reading" before "MA: Addison-Wesley"; or the city, its colon and the publisher in
    one chunk that only an edition or the year follows: "São Paulo: Edgard Blücher, 4th ed."."""
    if _is_place(chunk) and bool(following) and bool(_STATE_PUBLISHER_RE.match(following[0])):
        return True
    city, colon, publisher = chunk.partition(":")
    named = colon and 1 <= len(publisher.split()) <= 5 and publisher.strip()[:1].isupper()
    return bool(_is_place(city) and named) and all(_EDITION_OR_YEAR_RE.fullmatch(f) for f in following)


def _is_place(text: str) -> bool:
    """One or two capitalised words of letters: a city ("Cambridge", "São Paulo")."""
    words = text.split()
    return 1 <= len(words) <= 2 and all(w[:1].isupper() and w[1:].isalpha() for w in words)


# What may follow a book's publisher: its edition or year ("4th ed.", "4 edn", "2nd edition", "2002").
_EDITION_OR_YEAR_RE = re.compile(
    rf"\s*(?:\d+(?:st|nd|rd|th)?\s*(?i:ed|edn|edition|ed\.|edn\.)|{YEAR}[a-z]?)\.?\s*"
)


_BOOKTITLE_RE = re.compile(r"\s*(?:in\s|In:)")  # "in Proceedings of ...", "In: ...": a venue, not a title
_EDITED_BOOK_RE = re.compile(r"\([^()]*\b(?:eds?|editors?)\.?\)\s*$", re.IGNORECASE)
_BOOKTITLE_OPENS_RE = re.compile(r"\s*(?:in|In:?)\s+(?:[‘“\"']|[A-Z]\.\s)")
# "Technical Report KSCI-19033", "Tech. Rep. TR-12": a report's number, before its title (MNRAS).
_REPORT_NUMBER_RE = re.compile(r"\s*(?:Technical\s+Report|Tech\.\s*Rep\.?)\s+\S*\d\S*\s*$")
# A conference series then its volume, not after "in": the title comes next (AASTeX, ADS records).
_SERIES_VOLUME_FIRST_RE = re.compile(r"\s*(?!in\s)[A-Z][^,]*\bSeries\s*$")
_VOLUME_ONLY_RE = re.compile(r"\s*Vol\.\s*\d+\s*$", re.IGNORECASE)


def _venue_sentence(text: str) -> bool:
    return looks_like_venue(text) or looks_like_venue_first(text)


def _title_before_end(text: str) -> bool:
    """A title's last words before its sentence end, not an abbreviated journal ("Phys", "J. Chem")."""
    return _sentence_like(text) or two_word_title(text.strip())


def _title_case_journal(texts: list[str], k: int) -> bool:
    """A journal in title case after a title in sentence case, then its volume or its DOI (Frontiers:
    "(2013), Individual differences in ... brain structure, Social Cognitive and Affective Neuroscience,
    doi:10.1093/scan/nst109"; "..., Interaction Studies, 7, 3, 405–436")."""
    chunk = texts[k].strip()
    if k + 1 >= len(texts) or any(c.isdigit() for c in chunk) or sum(len(w) >= 4 for w in chunk.split()) < 2:
        return False
    if not (_title_case(chunk) and _sentence_case(",".join(texts[:k]))):
        return False
    nxt = texts[k + 1].strip()
    return bool(re.fullmatch(r"\d{1,4}", nxt) and not re.fullmatch(YEAR, nxt)) or bool(
        re.match(r"(?:doi\b|https?://(?:dx\.)?doi\.org/|10\.\d{4,9}/)", nxt, re.IGNORECASE)
    )


def _journal_opens(texts: list[str], k: int) -> bool:
    """A journal name with a comma in it: "..., Chaos, Solitons & Fractals 136 (2020) 109790" (chunk k is
    a capitalised word or two, chunk k+1 a capitalised venue with its volume)."""
    words = texts[k].split()
    if not 1 <= len(words) <= 3 or any(c.isdigit() for c in texts[k]) or k + 1 >= len(texts):
        return False
    if not all(w[:1].isupper() or w in ("&", "and", "of") for w in words) or title_like(texts[k]):
        return False
    if len(texts[k - 1].split()) == 1:
        return False  # a list in the title: "Splashing, Spreading, Receding, Bouncing..., Annu. Rev."
    nxt = texts[k + 1].strip()
    if not nxt[:1].isupper() or re.match(r"[A-Z][a-z]*\.", nxt) or not any(c.isdigit() for c in nxt):
        return False  # the journal starts there itself: "..., Annu. Rev. Fluid Mech. 38"
    return looks_like_venue(nxt, texts[k + 2:k + 4])
