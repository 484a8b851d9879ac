"""The teacher's Python side against a running class server: login cards from the class
list, codes renewed by name, and the errors a teacher reads in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from classserver import class_server
from pypdf import PdfReader

from drezlab.classroom import ClassroomError, Teacher, connect


def test_login_cards_print_every_pupil_with_the_servers_address(tmp_path: Path) -> None:
    with class_server(tmp_path) as server:
        teacher = Teacher(server.url, server.secret)
        codes = teacher.create_class(["Ana", "Begoña Núñez", "Luis"], name="5B")
        path = teacher.login_cards(str(tmp_path / "cards.pdf"))
        text = " ".join(page.extract_text() for page in PdfReader(path).pages)
        for name, code in codes.items():
            assert name in text and code in text
        assert server.url.removeprefix("http://") in text and "5B" in text
        renewed = teacher.renew_code("Luis")
        assert renewed != codes["Luis"]
        with pytest.raises(ClassroomError, match="not right"):
            connect(server.url, codes["Luis"])
        assert connect(server.url, renewed).name == "Luis"
        with pytest.raises(ClassroomError, match="no pupil"):
            teacher.renew_code("Nobody")
        with pytest.raises(ClassroomError, match="secret"):
            Teacher(server.url, "wrong").tables()
