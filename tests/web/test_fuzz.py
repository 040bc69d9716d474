"""Whatever a browser sends, the server answers with a snapshot, a hint or one clean error
line, and a move happens only when it was a legal one from the latest snapshot."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from tests.properties import examples
from tests.web.conftest import make_client
from tests.web.helpers import create, hello

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=30)
    | st.sampled_from(["hello", "act", "hint", "pick 1", "pick 3", "pick 9", 0, 1])
)
KEYS = st.sampled_from(["type", "seq", "action", "token", "x"]) | st.text(max_size=8)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=12,
)
MESSAGES = (
    st.dictionaries(KEYS, VALUES, max_size=5).map(json.dumps)
    | VALUES.map(json.dumps)
    | st.text(max_size=200)
    | st.binary(max_size=50)
    | st.integers(4000, 6000).map(lambda n: '{"type": "hello", "token": "' + "a" * n + '"}')
)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("fuzz") / "tables.db"
    with make_client(db, rate=(10**9, 10**9)) as c:
        yield c


@examples(60)
@given(message=MESSAGES)
def test_any_message_gets_a_clean_answer(client: TestClient, message: Any) -> None:
    table = create(client)
    with client.websocket_connect(f"/ws/tables/{table['id']}") as ws:
        assert hello(ws, table["token"])["seq"] == 0
        if isinstance(message, bytes):
            ws.send_bytes(message)
        else:
            ws.send_text(message)
        answer = ws.receive_json()
        assert answer["type"] in {"snapshot", "error", "hint"}
        if answer["type"] == "error":
            assert answer["message"] and "\n" not in answer["message"]
            assert "Traceback" not in answer["message"]
        moved = answer["type"] == "snapshot" and answer["seq"] == 1
        assert hello(ws, table["token"])["seq"] == (1 if moved else 0)
