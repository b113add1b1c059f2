"""Observation ids and digests written out for speed are the same as the standard library's."""

from __future__ import annotations

import json
import uuid

import pytest

from arxref.record.observation import OBSERVATION_NAMESPACE, canonical_json, uuid5_text

NAMES = ["2101.00001v1/0/12/arxref-0.9", "hep-th/9901001v2/1/3/x", "", "é漢😀/0/1/v", "a" * 300]
# What raw text and titles hold: quotes, backslashes, every control character, non-ASCII, emoji,
# the JavaScript line separators and markup.
TEXTS = [
    'He said "x" \\ y',
    "".join(chr(c) for c in range(32)) + "\x7f",
    "Müller, J. — “Quantum” 量子 😀",
    "\u2028\u2029 </script> &amp;",
]


@pytest.mark.parametrize("name", NAMES)
def test_observation_id_is_the_standard_uuid5(name: str) -> None:
    assert uuid5_text(name) == str(uuid.uuid5(OBSERVATION_NAMESPACE, name))


@pytest.mark.parametrize("text", TEXTS)
def test_canonical_json_is_sorted_compact_utf8_json(text: str) -> None:
    value = {
        "raw_text": text,
        "a": [1, 0, -3, None, True, False, {"z": text, "b": 2}],
        "score": [round(n / 100, 2) for n in range(101)] + [0.333],
    }
    expected = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    assert canonical_json(value) == expected.encode("utf-8")
