"""Resolution against the real test catalog (shared/catalog), with entries from the corpus and the records."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
import sqlalchemy as sa

from arxref.catalog import records as catalog_module
from arxref.catalog.records import MemoryCatalog, normalize_title, read_catalog_file
from arxref.domain import ParsedReference, RawReference, ReferenceSource, ResolutionStatus, ResolverSource
from arxref.evaluate.inputs import hide_arxiv_ids
from arxref.evaluate.resolution import HiddenRecordCatalog
from arxref.output import reference_to_json
from arxref.parse import parse_reference
from arxref.resolve import resolve_reference, resolve_references
from arxref.resolve.evidence import (
    entry_text,
    similarities,
    title_containment,
    title_similarity,
    title_variants,
)
from arxref.resolve.resolver import RAW_CONTAINMENT
from arxref.store import catalog as store_catalog_module
from arxref.store.catalog import SqlCatalog, load_catalog
from arxref.store.engine import make_engine, upgrade_schema
from tests.conftest import REPO, SAMPLES

CATALOG_FILE = REPO.parent / "shared" / "catalog" / "arxiv-catalog.jsonl.gz"
pytestmark = pytest.mark.skipif(not CATALOG_FILE.is_file(), reason="shared/catalog is not here")

V, F = ResolutionStatus.VERIFIED_EXACT, ResolutionStatus.VERIFIED_FUZZY
ADAM = "Diederik P. Kingma and Jimmy Ba. Adam: A method for stochastic optimization. arXiv:1412.6980v9, 2014."
# 1307.6212 (PDF), old-style id with the archive's e-print series name before it.
HOGG = "Hogg, D. W. 1999, ArXiv Astrophysics e-prints, arXiv:astro-ph/9905116"
# varner-coagulation: the NeurIPS title of arXiv 1406.2661, which arXiv calls "... Networks".
GAN = (
    "Ian Goodfellow, Jean Pouget-Abadie, Mehdi Mirza, Bing Xu, David Warde-Farley, Sherjil Ozair, "
    "Aaron Courville, and Yoshua Bengio. Generative adversarial nets. In Advances in Neural Information "
    "Processing Systems, volume 27, pages 2672-2680, 2014."
)
# 0801.0012 (PDF): no separator between authors and title, so only the raw text can find it.
MAHAJAN = (
    "G. Mahajan, T. Padmanabhan Particle creation, classicality and related issues in quantum field "
    "theory: I. Formalism and toy models, Preprint arXiv:0708.1233, (2007)."
)
# 1307.6212 (PDF), astro style: no title printed at all.
HINSHAW = "Hinshaw, G. et al. 2012, arXiv:1212.5226"
WMAP9 = "Nine-Year Wilkinson Microwave Anisotropy Probe (WMAP) Observations: Cosmological Parameter Results"
# shared/records 2507.19845: an author list stored as the title.
AUTHORS_ONLY = "Zimmermann, David Klindt, and Wieland Brendel."


@pytest.fixture(scope="module")
def records() -> list:
    return list(read_catalog_file(CATALOG_FILE))


@pytest.fixture(scope="module")
def catalog(records: list) -> MemoryCatalog:
    return MemoryCatalog(records)


@pytest.fixture(scope="module")
def small_catalog() -> MemoryCatalog:
    """samples/catalog.jsonl: 256 real records, among them works the corpus cites."""
    return MemoryCatalog(read_catalog_file(SAMPLES / "catalog.jsonl"))


def _resolve(raw: str, catalog, hide: bool = False):
    if hide:
        raw = hide_arxiv_ids(RawReference(1, raw, ReferenceSource.PDF_TEXT)).raw
    return resolve_reference(parse_reference(raw), raw, catalog)


def _json(raw: str, catalog, hide: bool = False) -> dict:
    """The entry as `arxref extract --json --catalog` writes it."""
    ref = RawReference(1, raw, ReferenceSource.PDF_TEXT)
    if hide:
        ref = hide_arxiv_ids(ref)
    parsed = parse_reference(ref.raw)
    return reference_to_json(ref, parsed, resolve_reference(parsed, ref.raw, catalog))


def test_printed_id_with_version_suffix_is_verified_exact(catalog) -> None:
    r = _resolve(ADAM, catalog)
    assert (r.status, r.resolver_source, r.cited_arxiv_id) == (V, ResolverSource.ARXIV_ID, "1412.6980")


def test_old_style_id_is_verified(catalog) -> None:
    r = _resolve(HOGG, catalog)
    assert (r.status, r.resolver_source, r.cited_arxiv_id) == (V, ResolverSource.ARXIV_ID, "astro-ph/9905116")


def test_malformed_id_is_reported_as_such(catalog) -> None:
    r = _resolve(ADAM.replace("1412.6980v9", "1412.69801"), catalog)
    assert (r.status, r.resolver_source, r.cited_arxiv_id) == (
        ResolutionStatus.MALFORMED_IDENTIFIER,
        ResolverSource.ARXIV_ID,
        None,
    )


def test_id_of_another_paper_is_a_metadata_mismatch(catalog) -> None:
    r = _resolve(ADAM.replace("1412.6980v9", "1406.2661"), catalog)
    assert (r.status, r.resolver_source, r.cited_arxiv_id) == (
        ResolutionStatus.METADATA_MISMATCH,
        ResolverSource.ARXIV_ID,
        "1406.2661",
    )


def test_valid_id_absent_from_the_catalog_is_not_verified(catalog) -> None:
    r = _resolve(ADAM.replace("1412.6980v9", "2401.00001"), catalog)
    assert r.status == ResolutionStatus.UNRESOLVED
    assert r.cited_arxiv_id == "2401.00001"


def test_hidden_id_is_found_by_exact_title(catalog) -> None:
    r = _resolve(ADAM, catalog, hide=True)
    assert (r.status, r.resolver_source, r.cited_arxiv_id) == (V, ResolverSource.LOCAL_ARXIV, "1412.6980")


def test_reworded_title_with_the_same_first_author_is_fuzzy(catalog) -> None:
    r = _resolve(GAN, catalog)
    assert (r.status, r.resolver_source, r.cited_arxiv_id) == (F, ResolverSource.LOCAL_ARXIV, "1406.2661")
    assert 92 <= r.score < 100
    assert r.candidates[0].arxiv_id == "1406.2661"


def test_title_found_only_in_the_raw_text_is_raw_fallback(catalog) -> None:
    r = _resolve(MAHAJAN, catalog, hide=True)
    assert (r.status, r.resolver_source, r.cited_arxiv_id) == (F, ResolverSource.RAW_FALLBACK, "0708.1233")


def test_a_look_alike_title_is_not_taken_for_the_cited_work(catalog) -> None:
    entry = "Jin Xu, Zhifang Guo, Hangrui Hu, et al. Qwen3-Omni technical report. 2025."
    assert _resolve(entry, catalog).cited_arxiv_id == "2509.17765"
    without = HiddenRecordCatalog(catalog, "2509.17765")
    r = _resolve(entry, without)
    assert r.status == ResolutionStatus.UNRESOLVED
    assert r.resolver_source is None
    assert "2503.20215" in {c.arxiv_id for c in r.candidates}  # Qwen2.5-Omni was considered, and refused


def test_same_title_other_first_author_is_refused(catalog) -> None:
    entry = "John Smith. Adam: A method for stochastic optimization. 2014."
    assert _resolve(entry, catalog).status == ResolutionStatus.UNRESOLVED


def test_author_list_as_title_is_parse_uncertain(catalog) -> None:
    r = _resolve(AUTHORS_ONLY, catalog)
    assert (r.status, r.resolver_source, r.cited_arxiv_id) == (ResolutionStatus.PARSE_UNCERTAIN, None, None)


def test_work_outside_the_catalog_is_unresolved_without_source(catalog) -> None:
    entry = (
        "Riaz Ahmad and Muhammad Tanvir Afzal. 2018. Cad: an algorithm for citation-anchors detection. "
        "Scientometrics."
    )
    r = _resolve(entry, catalog)
    assert (r.status, r.resolver_source, r.cited_arxiv_id) == (ResolutionStatus.UNRESOLVED, None, None)


ENTRIES = (ADAM, HOGG, GAN, MAHAJAN, AUTHORS_ONLY, "Jin Xu et al. Qwen3-Omni technical report. 2025.")


def _entries(hide: bool) -> list[tuple[ParsedReference, str]]:
    raws = [hide_arxiv_ids(RawReference(1, r, ReferenceSource.PDF_TEXT)).raw if hide else r for r in ENTRIES]
    return [(parse_reference(raw), raw) for raw in raws]


def test_sql_catalog_gives_the_memory_catalog_answers(records: list, catalog, database_url: str) -> None:
    wanted = {"1412.6980", "astro-ph/9905116", "1406.2661", "0708.1233", "2509.17765", "2503.20215"}
    subset = [r for i, r in enumerate(records) if i % 8 == 0 or r.arxiv_id in wanted]
    memory = MemoryCatalog(subset)
    engine = make_engine(database_url)
    upgrade_schema(engine)
    load_catalog(engine, subset)
    try:
        with engine.connect() as conn:
            sql = SqlCatalog(conn)
            for hide in (False, True):
                entries = _entries(hide)
                one_by_one = [resolve_reference(p, raw, memory) for p, raw in entries]
                assert resolve_references(entries, sql) == one_by_one
                assert [resolve_reference(p, raw, sql) for p, raw in entries] == one_by_one
            # The same candidates in the same order, ties included (many titles share the words of these).
            texts = [
                "generative adversarial nets",
                "deep learning",
                "a survey of large language models",
                "neural networks for image classification",
                *(entry_text(raw)[-1] for raw in ENTRIES),
            ]
            assert sql.search_many(texts, 20) == [memory.search(t, 20) for t in texts]
            assert len(memory.search("deep learning", 20)) == 20
            count = conn.execute(sa.text("select count(*) from arxiv_catalog")).scalar_one()
            assert count == len(subset)
    finally:
        engine.dispose()


def test_title_of_common_words_only_is_found_by_its_first_author(
    records: list, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a catalog of millions every word of "Generative adversarial nets" is in thousands of titles,
    past the search's budget; a budget of 0 makes that so here, and the first author still finds it."""
    subset = [r for i, r in enumerate(records) if i % 8 == 0 or r.arxiv_id == "1406.2661"]
    memory = MemoryCatalog(subset)
    engine = make_engine(database_url)
    upgrade_schema(engine)
    load_catalog(engine, subset)
    parsed = parse_reference(GAN)
    monkeypatch.setattr(catalog_module, "POSTINGS_BUDGET", 0)
    try:
        with engine.connect() as conn:
            sql = SqlCatalog(conn)
            assert sql.search("generative adversarial nets", 20) == []
            for lookup in (memory, sql):
                (r,) = resolve_references([(parsed, GAN)], lookup)
                assert (r.status, r.resolver_source) == (F, ResolverSource.LOCAL_ARXIV)
                assert r.cited_arxiv_id == "1406.2661"
            # Years outside the citation's window, or more records than AUTHOR_LIMIT, find nothing.
            assert sql.by_first_author("goodfellow", (2000, 2010)) == []
            keys = [("goodfellow", (2010, 2015)), ("wang", (2015, 2025)), ("nosuchname", (2010, 2015))]
            assert {k: sql.by_first_author(*k) for k in keys} == {k: memory.by_first_author(*k) for k in keys}
            ids = {k: [r.arxiv_id for r in memory.by_first_author(*k)] for k in keys}
            assert sql.first_author_ids(keys) == ids
            assert [r.arxiv_id for r in sql.by_first_author(*keys[0])] == ["1312.6211", "1406.2661"]
            monkeypatch.setattr(catalog_module, "AUTHOR_LIMIT", 1)
            monkeypatch.setattr(store_catalog_module, "AUTHOR_LIMIT", 1)
            assert memory.by_first_author(*keys[0]) == sql.by_first_author(*keys[0]) == []
            (r,) = resolve_references([(parsed, GAN)], sql)
            assert r.status == ResolutionStatus.UNRESOLVED
    finally:
        engine.dispose()


def test_title_printed_whole_in_the_raw_text_is_found_past_the_budget(
    records: list, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 2.5M records the rarest words of Mahajan's title are in hundreds of titles, past the search's
    budget (0 here); the raw text still finds the title by its opening words, and only a whole title."""
    subset = [r for i, r in enumerate(records) if i % 8 == 0 or r.arxiv_id == "0708.1233"]
    memory = MemoryCatalog(subset)
    engine = make_engine(database_url)
    upgrade_schema(engine)
    load_catalog(engine, subset)
    raw = hide_arxiv_ids(RawReference(1, MAHAJAN, ReferenceSource.PDF_TEXT)).raw
    parsed = parse_reference(raw)
    monkeypatch.setattr(catalog_module, "POSTINGS_BUDGET", 0)
    title = (
        "particle creation classicality and related issues in quantum field theory i formalism and toy models"
    )
    texts = [
        f"g mahajan t padmanabhan {title}",
        f"{title} preprint 2007",
        title,
        title[: title.rindex(" ")],  # the title less its last word: no title opens it
        f"{title}s",  # a longer last word: not the title's
        "particle creation",  # fewer than OPENING_WORDS words
    ]
    try:
        with engine.connect() as conn:
            sql = SqlCatalog(conn)
            assert sql.search(entry_text(raw)[-1], 20) == []
            expected = [[], [title], [title], [], [], []]
            assert sql.titles_opening(texts) == memory.titles_opening(texts) == expected
            for lookup in (memory, sql):
                (r,) = resolve_references([(parsed, raw)], lookup)
                assert (r.status, r.resolver_source, r.cited_arxiv_id) == (
                    F,
                    ResolverSource.RAW_FALLBACK,
                    "0708.1233",
                )
                assert resolve_reference(parsed, raw, lookup) == r
    finally:
        engine.dispose()


def test_hide_ids_removes_ids_and_arxiv_dois() -> None:
    raw = "A. B. Title. arXiv:2104.04473v2 [cs.CL], doi:10.48550/arXiv.1909.08053."
    ref = RawReference(1, raw, ReferenceSource.ARXIV_SOURCE, fields=ParsedReference(arxiv_id="2104.04473"))
    hidden = hide_arxiv_ids(ref)
    for gone in ("2104", "1909", "10.48550"):
        assert gone not in hidden.raw
    assert hidden.fields.arxiv_id is None


def test_containment_floor_keeps_every_score_at_or_above_it(records: list) -> None:
    """`partial_floor` only skips titles that cannot reach the floor: near misses included."""
    rng = random.Random(5)
    titled = [r for r in records if r.title and len(r.title) > 20]
    checked = reached = 0
    for record in rng.sample(titled, 300):
        title = record.title
        for _ in range(4):
            damaged = list(title)
            for _ in range(rng.randint(0, 6)):
                i = rng.randrange(len(damaged))
                if rng.random() < 0.5:
                    del damaged[i]
                else:
                    damaged.insert(i, rng.choice("abc -"))
            raw = f"A. Author and B. Other. {''.join(damaged)}. In Proceedings of Things, 2020."
            variants = entry_text(raw)
            for candidate in (record, rng.choice(titled)):
                full = title_containment(variants, candidate)
                floored = title_containment(variants, candidate, RAW_CONTAINMENT)
                if full[0] >= RAW_CONTAINMENT:
                    assert floored == full
                    reached += 1
                else:
                    assert floored[0] < RAW_CONTAINMENT
                checked += 1
    assert reached > 200  # near misses on both sides of the floor were tried
    assert checked - reached > 200


@pytest.mark.parametrize(
    ("raw", "cited", "title"),
    [
        (HOGG, "astro-ph/9905116", "Distance measures in cosmology"),
        (HINSHAW, "1212.5226", WMAP9),
    ],
)
def test_untitled_entry_verified_by_its_printed_id_takes_the_catalog_title(
    small_catalog, raw: str, cited: str, title: str
) -> None:
    entry = _json(raw, small_catalog)
    resolution = entry["resolution"]
    assert (resolution["status"], resolution["resolver_source"], resolution["cited_arxiv_id"]) == (
        "verified_exact",
        "arxiv_id",
        cited,
    )
    assert (entry["title"], entry["title_source"]) == (title, "catalog")
    assert entry["resolution"]["cited_title"] == title


def test_untitled_entry_found_in_its_raw_text_takes_the_catalog_title(catalog) -> None:
    """Any verified resolver source lends the title: here the raw-text fallback, ids hidden."""
    entry = _json(MAHAJAN, catalog, hide=True)
    assert (entry["resolution"]["status"], entry["resolution"]["resolver_source"]) == (
        "verified_fuzzy",
        "raw_fallback",
    )
    assert entry["title_source"] == "catalog"
    assert entry["title"].startswith("Particle creation, classicality and related issues in quantum field")


def test_a_printed_title_is_kept_when_the_match_is_verified(catalog) -> None:
    entry = _json(GAN, catalog)
    assert entry["resolution"]["status"] == "verified_fuzzy"
    assert entry["resolution"]["cited_title"] == "Generative Adversarial Networks"
    assert (entry["title"], entry["title_source"]) == ("Generative adversarial nets", "printed")


def test_a_metadata_mismatch_lends_no_title(catalog) -> None:
    raw = RawReference(1, ADAM.replace("1412.6980v9", "1406.2661"), ReferenceSource.PDF_TEXT)
    parsed = parse_reference(raw.raw)
    resolution = resolve_reference(parsed, raw.raw, catalog)
    assert resolution.status == ResolutionStatus.METADATA_MISMATCH
    assert resolution.cited_title == "Generative Adversarial Networks"
    entry = reference_to_json(raw, parsed, resolution)
    assert (entry["title"], entry["title_source"]) == (parsed.title, "printed")
    assert parsed.title == "Adam: A method for stochastic optimization"
    # Had the parser found no title, the mismatched record's title would still not be the entry's.
    untitled = reference_to_json(raw, replace(parsed, title=None), resolution)
    assert (untitled["title"], untitled["title_source"]) == (None, None)


def test_an_unresolved_untitled_entry_has_no_title(small_catalog) -> None:
    entry = _json(HOGG.replace("astro-ph/9905116", "2401.00001"), small_catalog)
    assert entry["resolution"]["status"] == "unresolved"
    assert (entry["title"], entry["title_source"], entry["resolution"]["cited_title"]) == (None, None, None)


# A physics entry that prints no title; its collaboration tag was once read as the title.
DUNKLEY = "J. Dunkley et al. [WMAP Collaboration], Astrophys. J. Suppl. 180, 306 (2009) [arXiv:0803.0586]."


def test_a_title_read_without_confidence_does_not_mismatch_a_printed_id(catalog) -> None:
    """The printed id stands when the parser's title is unsure: first author and year confirm it."""
    assert _resolve(DUNKLEY, catalog).status == V
    parsed = replace(parse_reference(DUNKLEY), title="[WMAP Collaboration], Astrophys", confidence=0.55)
    r = resolve_reference(parsed, DUNKLEY, catalog)
    assert (r.status, r.resolver_source, r.cited_arxiv_id) == (V, ResolverSource.ARXIV_ID, "0803.0586")
    # ... and with another first author nothing confirms or contradicts it: unresolved, id kept.
    other = replace(parsed, authors=("A. Nobody",))
    r = resolve_reference(other, DUNKLEY, catalog)
    assert (r.status, r.resolver_source, r.cited_arxiv_id) == (
        ResolutionStatus.UNRESOLVED, ResolverSource.ARXIV_ID, "0803.0586"
    )
    # A title read well still contradicts a wrong id.
    sure = replace(parsed, title="Attention is all you need", confidence=0.9)
    assert resolve_reference(sure, DUNKLEY, catalog).status == ResolutionStatus.METADATA_MISMATCH


def test_a_printed_title_without_the_subtitle_agrees_with_its_id(catalog) -> None:
    """corpus-wide acm-hls4ml-tinyml: the NeurIPS title is arXiv's title before its colon."""
    raw = (
        "I. Hubara, et al. 2016. Binarized neural networks. In Advances in Neural Information Processing "
        "Systems, D. D. Lee, et al. (Eds.), Vol. 29. Curran Associates, Inc., 4107. arXiv:1602.02830"
    )
    r = _resolve(raw, catalog)
    assert (r.status, r.cited_arxiv_id) == (V, "1602.02830")


def _citations(records: list, rng: random.Random, n: int) -> list[tuple[ParsedReference, str]]:
    """Entries citing catalog records as papers print them: titles damaged or not, some without a
    separator between the authors and the title (read only by the raw-text fallback)."""
    out = []
    for record in rng.sample([r for r in records if r.title and r.authors and r.year], n):
        names = [a.strip() for a in record.authors.replace(" and ", ",").split(",") if a.strip()][:3]
        title = record.title
        if rng.random() < 0.5:
            words = title.split()
            words[rng.randrange(len(words))] = rng.choice(["models", "networks", "a", "theory"])
            title = " ".join(words)
        year = record.year + rng.choice([0, 0, 1, -2, 6])
        separator = " " if rng.random() < 0.3 else ". "
        raw = f"{', '.join(names)}{separator}{title}. Journal of Things 12, 3-4 ({year})."
        out.append((parse_reference(raw), raw))
    return out


@pytest.mark.parametrize("budget", [catalog_module.POSTINGS_BUDGET, 40, 0])
def test_a_batch_reads_whole_only_the_records_it_may_weigh(
    records: list, database_url: str, monkeypatch: pytest.MonkeyPatch, budget: int
) -> None:
    """`prefetch` reads the titles of every search hit and first author's record, and whole only those
    the resolver may weigh (`narrowing`): the answers, candidates and scores are those of each entry
    resolved alone against the memory catalog. A small budget sends titles to their first authors."""
    subset = [r for i, r in enumerate(records) if i % 8 == 0]
    memory = MemoryCatalog(subset)
    engine = make_engine(database_url)
    upgrade_schema(engine)
    load_catalog(engine, subset)
    monkeypatch.setattr(catalog_module, "POSTINGS_BUDGET", budget)
    rng = random.Random(budget)
    entries = _citations(subset, rng, 150) + _citations(records, rng, 50) + _entries(hide=True)
    asked: dict[str, set[str]] = {"title_norms": set(), "by_ids": set()}

    class Counting(SqlCatalog):
        def title_norms(self, arxiv_ids):
            asked["title_norms"].update(arxiv_ids)
            return super().title_norms(arxiv_ids)

        # PostgreSQL reads most candidates' titles with their ids (migration 0013): scored all the same.
        def search_hits_many(self, texts_norm, limit):
            found = super().search_hits_many(texts_norm, limit)
            asked["title_norms"].update(found.titles)
            return found

        def first_author_hits(self, keys):
            found = super().first_author_hits(keys)
            asked["title_norms"].update(found[1])
            return found

        def by_ids(self, arxiv_ids):
            asked["by_ids"].update(arxiv_ids)
            return super().by_ids(arxiv_ids)

    try:
        with engine.connect() as conn:
            expected = [resolve_reference(p, raw, memory) for p, raw in entries]
            assert resolve_references(entries, Counting(conn)) == expected
            assert {r.status for r in expected} >= {F, ResolutionStatus.UNRESOLVED}
            if budget:
                assert len(asked["by_ids"]) < len(asked["title_norms"]) / 2
    finally:
        engine.dispose()


def test_similarities_of_many_titles_are_each_title_similarity(records: list) -> None:
    """The batch scoring (rapidfuzz's loop) gives each title the score `title_similarity` gives it,
    best variant, empty titles 0: the narrowing's cut depends on exact scores."""
    rng = random.Random(11)
    titles = [normalize_title(r.title) for r in rng.sample(records, 400)] + ["", "a"]
    for record in rng.sample(records, 60):
        title = record.title or "x"
        variants = title_variants(title.replace(" ", "- ", 1) if rng.random() < 0.5 else title)
        targets = [*rng.sample(titles, 40), normalize_title(title), ""]
        each = [title_similarity(variants, replace(record, title=t))[0] for t in targets]
        assert similarities(variants, targets) == each
        assert len(variants) == 2 or variants[0] == normalize_title(title)


def test_a_batch_asks_no_opening_or_title_holding_a_word_no_title_holds(
    records: list, database_url: str
) -> None:
    """An opening or title with a word no catalog title holds (the search's word counts tell) opens or
    equals none: `prefetch` does not look it up, and the answers are the memory catalog's still."""
    subset = [r for i, r in enumerate(records) if i % 16 == 0]
    memory = MemoryCatalog(subset)
    engine = make_engine(database_url)
    upgrade_schema(engine)
    load_catalog(engine, subset)
    entries = _citations(subset, random.Random(5), 60)
    for record in [r for r in subset if r.title and r.authors and r.year][:20]:
        # No separator after the authors (the raw text is searched), made-up words after the title.
        names = ", ".join(a.strip() for a in record.authors.split(",")[:2])
        made_up = "Zorblaxian Quuxworth Frobnicate Wugglestone Blorptastic"
        raw = f"{names} {record.title} {made_up} 7 ({record.year})"
        entries.append((parse_reference(raw), raw))
    asked: dict[str, list[str]] = {"openings": [], "titles": []}

    class Counting(SqlCatalog):
        def titles_opening(self, texts_norm):
            asked["openings"] += texts_norm
            return super().titles_opening(texts_norm)

        def by_titles(self, titles_norm):
            asked["titles"] += titles_norm
            return super().by_titles(titles_norm)

    try:
        with engine.connect() as conn:
            expected = [resolve_reference(p, raw, memory) for p, raw in entries]
            assert resolve_references(entries, Counting(conn)) == expected
            assert sum(r.status in (V, F) for r in expected[-20:]) >= 10
            assert asked["openings"]
            made_up = ("zorblaxian", "quuxworth", "frobnicate", "wugglestone", "blorptastic")
            for text in asked["openings"]:
                assert not set(text.split()[:5]) & set(made_up)
            assert not any(set(title.split()) & set(made_up) for title in asked["titles"])
    finally:
        engine.dispose()
