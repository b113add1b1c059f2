"""The journal abbreviation macros that astronomy classes define, as each class prints them.

aasjournal.bst, aa.bst and mnras.bst write `\\apj`, `\\jcap`, `\\prd`... into the .bbl and leave the
text to the document class, which spells several of them differently: `\\jcap` is "JCAP" in AASTeX
and "J. Cosmology Astropart. Phys." in A&A and MNRAS; `\\prd` is "PhRvD" in AASTeX. These tables
are the classes' own definitions (aastex631.cls, aa.cls 9.2, mnras.cls 3.x); a class or .sty the
e-print carries overrides them, and latex_text keeps a default for papers of any other class.
"""

from __future__ import annotations

from arxref.source.latex_text import Macro

_AASTEX = {
    "aj": "AJ", "psj": "PSJ", "araa": "ARA\\&A", "apj": "ApJ", "apjl": "ApJL", "apjs": "ApJS",
    "ao": "ApOpt", "apss": "Ap\\&SS", "aap": "A\\&A", "aapr": "A\\&A~Rv", "aaps": "A\\&AS",
    "azh": "AZh", "baas": "BAAS", "icarus": "Icarus", "jaavso": "JAAVSO", "jrasc": "JRASC",
    "memras": "MmRAS", "mnras": "MNRAS", "pra": "PhRvA", "prb": "PhRvB", "prc": "PhRvC", "prd": "PhRvD",
    "pre": "PhRvE", "prl": "PhRvL", "pasp": "PASP", "pasj": "PASJ", "qjras": "QJRAS", "skytel": "S\\&T",
    "solphys": "SoPh", "sovast": "Soviet~Ast.", "ssr": "SSRv", "zap": "ZA", "nat": "Nature",
    "iaucirc": "IAUC", "aplett": "Astrophys.~Lett.", "apspr": "Astrophys.~Space~Phys.~Res.",
    "bain": "BAN", "fcp": "FCPh", "gca": "GeoCoA", "grl": "Geophys.~Res.~Lett.", "jcp": "JChPh",
    "jgr": "J.~Geophys.~Res.", "jqsrt": "JQSRT", "memsai": "Mem.~Soc.~Astron.~Italiana", "nphysa": "NuPhA",
    "physrep": "PhR", "physscr": "PhyS", "planss": "Planet.~Space~Sci.", "procspie": "Proc.~SPIE",
    "actaa": "AcA", "caa": "ChA\\&A", "cjaa": "ChJA\\&A", "jcap": "JCAP", "na": "NewA", "nar": "NewAR",
    "pasa": "PASA", "rmxaa": "RMxAA", "maps": "M\\&PS", "aas": "AAS Meeting Abstracts",
    "dps": "AAS/DPS Meeting Abstracts", "astap": "A\\&A", "apjlett": "ApJL", "apjsupp": "ApJS",
    "applopt": "ApOpt",
}

_AA = {
    "aap": "A\\&A", "astap": "A\\&A", "aapr": "A\\&A~Rev.", "aaps": "A\\&AS", "actaa": "Acta Astron.",
    "aj": "AJ", "ao": "Appl.~Opt.", "applopt": "Appl.~Opt.", "apj": "ApJ", "apjl": "ApJ", "apjlett": "ApJ",
    "apjs": "ApJS", "apjsupp": "ApJS", "aplett": "Astrophys.~Lett.", "apspr": "Astrophys.~Space~Phys.~Res.",
    "apss": "Ap\\&SS", "araa": "ARA\\&A", "azh": "AZh", "baas": "BAAS", "bac": "Bull. astr. Inst. Czechosl.",
    "bain": "Bull.~Astron.~Inst.~Netherlands", "caa": "Chinese Astron. Astrophys.",
    "cjaa": "Chinese J. Astron. Astrophys.", "fcp": "Fund.~Cosmic~Phys.", "gca": "Geochim.~Cosmochim.~Acta",
    "grl": "Geophys.~Res.~Lett.", "iaucirc": "IAU~Circ.", "icarus": "Icarus",
    "jcap": "J. Cosmology Astropart. Phys.", "jcp": "J.~Chem.~Phys.", "jgr": "J.~Geophys.~Res.",
    "jqsrt": "J.~Quant.~Spectr.~Rad.~Transf.", "jrasc": "JRASC", "memras": "MmRAS",
    "memsai": "Mem.~Soc.~Astron.~Italiana", "mnras": "MNRAS", "na": "New A", "nar": "New A Rev.",
    "nat": "Nature", "nphysa": "Nucl.~Phys.~A", "pasa": "PASA", "pasj": "PASJ", "pasp": "PASP",
    "physrep": "Phys.~Rep.", "physscr": "Phys.~Scr", "planss": "Planet.~Space~Sci.", "pra": "Phys.~Rev.~A",
    "prb": "Phys.~Rev.~B", "prc": "Phys.~Rev.~C", "prd": "Phys.~Rev.~D", "pre": "Phys.~Rev.~E",
    "prl": "Phys.~Rev.~Lett.", "procspie": "Proc.~SPIE", "qjras": "QJRAS",
    "rmxaa": "Rev. Mexicana Astron. Astrofis.", "skytel": "S\\&T", "solphys": "Sol.~Phys.",
    "sovast": "Soviet~Ast.", "ssr": "Space~Sci.~Rev.", "zap": "ZAp",
}

_MNRAS = {
    "aj": "AJ", "actaa": "Acta Astron.", "araa": "ARA\\&A", "apj": "ApJ", "apjl": "ApJ", "apjlett": "ApJ",
    "apjs": "ApJS", "apjsupp": "ApJS", "ao": "Appl. Opt.", "applopt": "Appl. Opt.",
    "aplett": "Astrophys.~Lett.", "apss": "Ap\\&SS", "aap": "A\\&A", "astap": "A\\&A",
    "aapr": "A\\&ARv", "aaps": "A\\&AS", "arep": "Astron. Rep.", "aspc": "ASP Conf. Ser.", "azh": "Azh",
    "baas": "BAAS", "bac": "Bull. Astron. Inst. Czechoslovakia", "bain": "Bull. Astron. Inst. Netherlands",
    "caa": "Chinese Astron. Astrophys.", "cjaa": "Chinese J.~Astron. Astrophys.",
    "fcp": "Fundamentals Cosmic Phys.", "gca": "Geochimica Cosmochimica Acta", "grl": "Geophys. Res. Lett.",
    "iaucirc": "IAU~Circ.", "icarus": "Icarus", "japa": "J.~Astrophys. Astron.",
    "jcap": "J.~Cosmology Astropart. Phys.", "jcp": "J.~Chem.~Phys.", "jgr": "J.~Geophys.~Res.",
    "jqsrt": "J.~Quant. Spectrosc. Radiative Transfer", "jrasc": "J.~R.~Astron. Soc. Canada",
    "memras": "Mem.~RAS", "memsai": "Mem. Soc. Astron. Italiana", "mnassa": "MNASSA", "mnras": "MNRAS",
    "na": "New~Astron.", "nar": "New~Astron.~Rev.", "nat": "Nature", "nphysa": "Nuclear Phys.~A",
    "pra": "Phys. Rev.~A", "prb": "Phys. Rev.~B", "prc": "Phys. Rev.~C", "prd": "Phys. Rev.~D",
    "pre": "Phys. Rev.~E", "prl": "Phys. Rev.~Lett.", "pasa": "Publ. Astron. Soc. Australia",
    "pasp": "PASP", "pasj": "PASJ", "physrep": "Phys.~Rep.", "physscr": "Phys.~Scr.",
    "planss": "Planet. Space~Sci.", "procspie": "Proc.~SPIE", "rmxaa": "Rev. Mex. Astron. Astrofis.",
    "qjras": "QJRAS", "sci": "Science", "skytel": "Sky \\& Telesc.", "solphys": "Sol.~Phys.",
    "sovast": "Soviet~Ast.", "ssr": "Space Sci. Rev.", "zap": "Z.~Astrophys.",
}


def journal_macros(docclass: str) -> dict[str, Macro]:
    """The journal macros that the document class `docclass` defines (empty for other classes)."""
    name = docclass.strip().lower()
    if name.startswith("aastex"):
        table = _AASTEX
    elif name == "aa":
        table = _AA
    elif name == "mnras":
        table = _MNRAS
    else:
        return {}
    return {k: Macro(0, v) for k, v in table.items()}
