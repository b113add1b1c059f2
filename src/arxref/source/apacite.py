"""What the apacite package prints for the macros its .bst writes into a .bbl (APA style).

apacite.bst leaves nearly every piece of punctuation to the package: words (\\BIn, \\BEDS),
title pairs of which only the second is printed (\\APACrefatitle{Title Case}{Sentence case}),
and macros that join the parts that are not empty (\\APACjournalVolNumPages{J}{V}{N}{P} is
"J, V(N), P", with the number and its brackets left out when there is none). The tables below
are apacite.sty's English definitions (english.apc); a paper's own redefinitions win.
"""

from __future__ import annotations

from collections.abc import Callable

# Macros without arguments: the words and punctuation apacite prints.
WORDS: dict[str, str] = {
    "BBOP": "(", "BBCP": ")", "BBOQ": "", "BBCQ": "", "BBAA": "&", "BBAB": "and", "BAnd": "&", "BBA": "&",
    "BPBI": ". ", "BHBI": ".-", "BCBT": ",", "BCBL": ",", "BDBL": ", … ",
    "BIn": "In", "Bby": "by", "BED": "Ed.", "BEDS": "Eds.", "BTRANS": "Trans.", "BTRANSS": "Trans.",
    "BTRANSL": "trans.", "BCHAIR": "Chair", "BCHAIRS": "Chairs", "BVOL": "Vol.", "BVOLS": "Vols.",
    "BNUM": "No.", "BNUMS": "Nos.", "BEd": "ed.", "BPG": "p.", "BPGS": "pp.", "BTR": "Tech. Rep.",
    "BPhD": "Doctoral dissertation", "BUPhD": "Unpublished doctoral dissertation",
    "BMTh": "Master's thesis", "BUMTh": "Unpublished master's thesis", "BOWP": "Original work published",
    "BREPR": "Reprinted from", "BAuthor": "Author", "BAvailFrom": "Available from ",
    "BRetrievedFrom": "Retrieved from ", "BMsgPostedTo": "Message posted to ", "bibnodate": "n.d.",
    "BIP": "in press",
}

# Macros whose arguments are read the usual way: name -> (argument kinds, before, after), the
# specification of latex_text (k rendered, d dropped).
SPECS: dict[str, tuple[str, str, str]] = {
    "APACinsertmetastar": ("d", "", ""),
    "PrintBackRefs": ("d", "", ""),
    "BOthers": ("d", "et al.", ""),
    "BOthersPeriod": ("d", "et al.", ""),
    "APACrefatitle": ("dk", "", ""),
    "APACrefbtitle": ("dk", "", ""),
    "APACrefaetitle": ("dk", "[", "]"),
    "APACrefbetitle": ("dk", "[", "]"),
    "APACyear": ("k", "", ""),
    "APACexlab": ("k", "", ""),
    "APAChowpublished": ("k", "", ""),
    "Bem": ("k", "", ""),
    "BCnt": ("k", "", ""),
    "BRetrieved": ("k", "Retrieved ", ", from "),
}

# apacite's environments, none with a mandatory argument, and what their opening prints:
# \begin{APACrefDOI} is "doi:" before its \doi{...}.
ENVIRONMENTS: dict[str, str] = {
    "APACrefauthors": "", "APACrefDOI": "doi:", "APACrefURL": "Retrieved from ", "APACrefURLmsg": "",
}

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December")


def _year_month_day(year: str, month: str, day: str) -> str:
    date = year + (f", {month}" + (f" {day}" if day else "") if month else (f", {day}" if day else ""))
    return f"({date})"


def _journal(journal: str, volume: str, number: str, pages: str) -> str:
    return journal + (f", {volume}" if volume else "") + (f"({number})" if number else "") + (
        f", {pages}" if pages else "")


def _joined(first: str, second: str, sep: str) -> str:
    return sep.join(part for part in (first, second) if part)


def _type_address_school(kind: str, address: str, school: str) -> str:
    inside = ", ".join(part for part in (kind, school, address) if part)
    return f"({inside})" if inside else ""


def _in_brackets(*parts: str) -> str:
    inside = "; ".join(p for p in (parts[0], ", ".join(q for q in parts[1:] if q)) if p)
    return f"({inside})" if inside else ""


def ordinal(number: str) -> str:
    """ "2" as an English ordinal, "2nd"; anything but digits as it is."""
    if not number.isdigit():
        return number
    n = int(number)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _month(number: str) -> str:
    return _MONTHS[int(number) - 1] if number.isdigit() and 1 <= int(number) <= 12 else number


# Macros that join their non-empty arguments: name -> (argument count, join). The arguments are
# rendered to text first, and stripped.
JOINED: dict[str, tuple[int, Callable[..., str]]] = {
    "APACrefYearMonthDay": (3, _year_month_day),
    "APACrefYear": (1, lambda year: f"({year})"),
    "APACjournalVolNumPages": (4, _journal),
    "APACaddressPublisher": (2, lambda address, publisher: _joined(address, publisher, ": ")),
    "APACaddressInstitution": (2, lambda address, institution: _joined(address, institution, ": ")),
    "APACaddressSchool": (2, lambda address, school: _joined(school, address, ", ")),
    "APACtypeAddressSchool": (3, _type_address_school),
    "APACbVolEdTR": (2, _in_brackets),
    "APACbVolEdTRpgs": (3, _in_brackets),
    "APACrefnote": (1, lambda note: f"({note})" if note else ""),
    "PrintOrdinal": (1, ordinal),
    "APACmonth": (1, _month),
    "APACorigED": (1, lambda editor: f"by {editor}, Ed." if editor else ""),
    "APACorigEDS": (1, lambda editors: f"by {editors}, Eds." if editors else ""),
}
