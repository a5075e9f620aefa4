"""The LLM extractor against a small OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from app.config import ConfigError, Settings
from app.extract import Document, ExtractionError, ExtractOptions, extract
from app.purchase_orders.intake import validate
from tests.fixtures.po_pdf import po_fields, po_pdf_bytes

CORPUS = Path(__file__).resolve().parent / "fixtures" / "documents"


class ChatServer(ThreadingHTTPServer):
    """Answers POST /v1/chat/completions with the next planned (status, body, delay)."""

    def __init__(self):
        super().__init__(("127.0.0.1", 0), ChatHandler)
        self.plans: list[tuple[int, object, float]] = []
        self.requests: list[dict] = []

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


class ChatHandler(BaseHTTPRequestHandler):
    def do_POST(self):  # noqa: N802 - the name http.server calls
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.server.requests.append({"path": self.path, "headers": dict(self.headers), **body})
        status, answer, delay = self.server.plans.pop(0)
        time.sleep(delay)
        data = json.dumps(answer).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up waiting, as it should

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    chat = ChatServer()
    thread = threading.Thread(target=chat.serve_forever, daemon=True)
    thread.start()
    yield chat
    chat.shutdown()
    chat.server_close()


def completion(payload: dict) -> dict:
    return {"choices": [{"message": {"role": "assistant", "content": json.dumps(payload)}}]}


def answer(**overrides) -> dict:
    fields = po_fields("LLM1")
    return {"document_type": "purchase_order", "currency": "ZAR", **fields, **overrides}


def llm_document(server, path: Path, content_type: str, timeout: float = 20) -> Document:
    options = ExtractOptions(
        extractor="llm",
        llm_base_url=server.base_url,
        llm_model="reader-1",
        llm_api_key="sk-test",
        timeout=timeout,
    )
    return Document(path, content_type, path.name, options)


@pytest.fixture
def pdf_path(tmp_path) -> Path:
    path = tmp_path / "po.pdf"
    path.write_bytes(po_pdf_bytes(po_fields("LLM1")))
    return path


def test_a_text_pdf_goes_as_text_and_the_answer_is_the_payload(server, pdf_path):
    server.plans.append((200, completion(answer()), 0))
    payload = extract(llm_document(server, pdf_path, "application/pdf"))
    assert (payload["po_number"], payload["total"], payload["engine"]) == (
        "LLM1",
        "1388.05",
        "llm:reader-1",
    )
    assert payload["warnings"] == []
    sent = server.requests[0]
    assert sent["path"] == "/v1/chat/completions"
    assert sent["headers"]["Authorization"] == "Bearer sk-test"
    assert sent["model"] == "reader-1"
    assert sent["response_format"]["type"] == "json_schema"
    assert "po_number" in sent["response_format"]["json_schema"]["schema"]["required"]
    text = sent["messages"][1]["content"][0]["text"]
    assert "PO Number: LLM1" in text


def test_a_photo_goes_as_an_image_data_url(server):
    server.plans.append((200, completion(answer()), 0))
    extract(llm_document(server, CORPUS / "po-00.jpg", "image/jpeg"))
    parts = server.requests[0]["messages"][1]["content"]
    assert parts[1]["type"] == "image_url"
    assert parts[1]["image_url"]["url"].startswith("data:image/jpeg;base64,")


def test_an_answer_without_a_po_number_leaves_it_for_a_person(server, pdf_path):
    server.plans.append((200, completion(answer(po_number="")), 0))
    payload = extract(llm_document(server, pdf_path, "application/pdf"))
    assert validate(payload).po_number is None  # imported, the number flagged for a person


def test_sums_that_disagree_become_a_warning(server, pdf_path):
    server.plans.append((200, completion(answer(total="9999.99")), 0))
    assert extract(llm_document(server, pdf_path, "application/pdf"))["warnings"] == [
        "totals_mismatch"
    ]


@pytest.mark.parametrize(
    ("plan", "message", "retryable"),
    [
        ((503, {"error": "overloaded"}, 0), "answered 503", True),
        ((429, {"error": "slow down"}, 0), "answered 429", True),
        (
            (400, {"error": "model does not take images"}, 0),
            r"refused the request \(400\): .*does not take images",
            False,
        ),
        ((200, completion(answer(total="lots")), 0), "total 'lots' is not an amount", False),
        ((200, {"choices": []}, 0), "did not hold the JSON", False),
        (
            (200, completion(answer(document_type="quotation")), 0),
            "looks like a quotation",
            False,
        ),
    ],
)
def test_failures(server, pdf_path, plan, message, retryable):
    server.plans.append(plan)
    with pytest.raises(ExtractionError, match=message) as caught:
        extract(llm_document(server, pdf_path, "application/pdf"))
    assert caught.value.retryable is retryable


def test_a_service_slower_than_the_timeout_is_a_retryable_failure(server, pdf_path):
    server.plans.append((200, completion(answer()), 10))
    # the HTTP wait is 6 s of the extraction's 8: room for a busy machine to start the child
    with pytest.raises(ExtractionError, match="did not answer within 6 seconds") as caught:
        extract(llm_document(server, pdf_path, "application/pdf", timeout=8))
    assert caught.value.retryable is True


def test_a_service_that_is_not_there_is_a_retryable_failure(server, pdf_path):
    document = llm_document(server, pdf_path, "application/pdf")
    server.shutdown()
    server.server_close()
    with pytest.raises(ExtractionError, match="could not be reached") as caught:
        extract(document)
    assert caught.value.retryable is True


def test_the_llm_extractor_needs_its_address_and_model():
    with pytest.raises(ConfigError, match="INTAKE_LLM_BASE_URL"):
        Settings.from_env(env={"INTAKE_EXTRACTOR": "llm"}, data_dir="/tmp/unused", secret_key="k")
    settings = Settings.from_env(
        env={
            "INTAKE_EXTRACTOR": "llm",
            "INTAKE_LLM_BASE_URL": "http://127.0.0.1:9/v1/",
            "INTAKE_LLM_MODEL": "m",
            "INTAKE_EXTRACT_TIMEOUT": "5",
            "INTAKE_DAY_FIRST": "no",
        },
        data_dir="/tmp/unused",
        secret_key="k",
    )
    options = ExtractOptions.from_settings(settings)
    assert (options.extractor, options.llm_base_url, options.timeout, options.day_first) == (
        "llm",
        "http://127.0.0.1:9/v1",
        5,
        False,
    )
