"""The LLM extractor (INTAKE_EXTRACTOR=llm): any OpenAI-compatible chat-completions API.

The document goes as text (a PDF's layout text) and as images (a photo, or
the scans inside a PDF), and the answer is asked for as JSON following the
payload's schema. A timeout, a refused connection, 429 or a 5xx answer is
worth retrying; a 4xx or an answer that is not a valid PO is not, and says why.
"""

from __future__ import annotations

import base64
import io
import json
import urllib.error
import urllib.request

from app.extract import engine, ocr, pdf, reading
from app.extract.document import Document, ExtractionError
from app.extract.model import Found, Item, Trail

_MONEY = {"type": ["string", "null"], "description": "decimal, e.g. 1234.56"}
SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": [
        "document_type",
        "po_number",
        "po_date",
        "supplier_name",
        "project_code",
        "currency",
        "items",
        "subtotal",
        "tax",
        "total",
    ],
    "properties": {
        "document_type": {
            "type": "string",
            "enum": ["purchase_order", "delivery_note", "quotation", "invoice", "other"],
        },
        "po_number": {"type": ["string", "null"]},
        "po_date": {"type": ["string", "null"], "description": "YYYY-MM-DD"},
        "supplier_name": {"type": ["string", "null"]},
        "project_code": {"type": ["string", "null"]},
        "currency": {"type": "string", "description": "ISO code, ZAR when none is shown"},
        "items": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": [
                    "item_code",
                    "description",
                    "quantity",
                    "unit",
                    "unit_price",
                    "amount",
                ],
                "properties": {
                    "item_code": {"type": ["string", "null"]},
                    "description": {"type": "string"},
                    "quantity": {"type": "string"},
                    "unit": {"type": ["string", "null"]},
                    "unit_price": _MONEY,
                    "amount": _MONEY,
                },
            },
        },
        "subtotal": _MONEY,
        "tax": _MONEY,
        "total": _MONEY,
    },
}
PROMPT = (
    "You read purchase orders for a construction company's purchasing office. "
    "Return the document's fields as JSON following the schema. The supplier is the "
    "company the order is sent to, not the company issuing it. Dates as YYYY-MM-DD "
    "({order}). Amounts as plain decimals without currency or grouping. Copy every item "
    "line; keep a description that wraps onto several lines whole. Use null for what the "
    "document does not show. If it is not a purchase order, say which kind it is."
)
MAX_IMAGE_SIDE = 2000


def _image_url(image) -> str:
    image = ocr.load_image(image)
    image.thumbnail((MAX_IMAGE_SIDE, MAX_IMAGE_SIDE))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=85)
    return "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode("ascii")


def content(document: Document) -> list[dict]:
    """The user message: the text layer, and any page images."""
    if document.content_type != "application/pdf":
        return [
            {"type": "text", "text": "The document is this photo or scan."},
            {"type": "image_url", "image_url": {"url": _image_url(document.path)}},
        ]
    reader = pdf.open_pdf(document.path)
    parts: list[dict] = []
    for number in range(len(reader.pages)):
        text = pdf.page_text(reader, number)
        if text.strip():
            parts.append({"type": "text", "text": f"Page {number + 1}:\n{text}"})
            continue
        image = pdf.page_image(reader, number)
        if image is not None:
            parts.append({"type": "text", "text": f"Page {number + 1} is this scan:"})
            parts.append({"type": "image_url", "image_url": {"url": _image_url(image)}})
    if not parts:
        raise ExtractionError("This PDF has no text and no scanned pages; it looks blank.")
    return parts


def request_body(document: Document) -> dict:
    order = "numeric dates are day first" if document.options.day_first else "month first"
    return {
        "model": document.options.llm_model,
        "temperature": 0,
        "messages": [
            {"role": "system", "content": PROMPT.format(order=order)},
            {"role": "user", "content": content(document)},
        ],
        "response_format": {
            "type": "json_schema",
            "json_schema": {"name": "purchase_order", "strict": True, "schema": SCHEMA},
        },
    }


def _post(document: Document, body: dict) -> dict:
    options = document.options
    headers = {"Content-Type": "application/json"}
    if options.llm_api_key:
        headers["Authorization"] = f"Bearer {options.llm_api_key}"
    request = urllib.request.Request(  # noqa: S310 - the base URL is the operator's setting
        f"{options.llm_base_url}/chat/completions",
        data=json.dumps(body).encode(),
        headers=headers,
        method="POST",
    )
    try:
        # a little under the extraction's own limit, so a slow service reads as a timeout
        with urllib.request.urlopen(request, timeout=options.timeout * 0.75) as response:  # noqa: S310
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:
        detail = exc.read(500).decode("utf-8", "replace").strip()
        if exc.code >= 500 or exc.code == 429:
            raise ExtractionError(
                f"The LLM service answered {exc.code}; it will be tried again.", retryable=True
            ) from None
        raise ExtractionError(
            f"The LLM service refused the request ({exc.code}): {detail}"
        ) from None
    except TimeoutError:
        raise ExtractionError(
            f"The LLM service did not answer within {options.timeout * 0.75:g} seconds; "
            "it will be tried again.",
            retryable=True,
        ) from None
    except (urllib.error.URLError, ConnectionError) as exc:
        raise ExtractionError(
            f"The LLM service could not be reached ({exc}); it will be tried again.",
            retryable=True,
        ) from None
    except json.JSONDecodeError:
        raise ExtractionError("The LLM service answered with something that is not JSON.") from None


def extract_po(document: Document) -> dict:
    from app.purchase_orders.intake import InvalidPayload, validate

    answer = _post(document, request_body(document))
    try:
        text = answer["choices"][0]["message"]["content"]
        payload = json.loads(text)
    except (KeyError, IndexError, TypeError, json.JSONDecodeError):
        raise ExtractionError(
            "The LLM's answer did not hold the JSON asked for; it is not a valid PO."
        ) from None
    if not isinstance(payload, dict):
        raise ExtractionError("The LLM's answer is not a valid PO: it is not a JSON object.")
    kind = payload.get("document_type", "purchase_order")
    if kind in engine.NOT_A_PO:
        raise ExtractionError(engine.NOT_A_PO[kind])
    if kind != "purchase_order":
        raise ExtractionError("The LLM read this as something other than a purchase order.")
    try:
        validate(payload)
    except InvalidPayload as exc:
        raise ExtractionError(f"The LLM's answer is not a valid PO: {exc}") from None
    items = [_item(item) for item in payload.get("items") or [] if isinstance(item, dict)]
    foot = {key: Found(str(payload[key]), 1.0) for key in reading.FOOT if payload.get(key)}
    # the answer's own sums, checked as the engine checks a text layer's (nothing repaired)
    failed = reading.settle_sums(items, foot, False, False, Trail())
    payload["warnings"] = ["totals_mismatch"] if failed else []
    payload["engine"] = f"llm:{document.options.llm_model}"
    return payload


def _item(item: dict) -> Item:
    def text(key: str) -> str | None:
        value = item.get(key)
        return None if value in (None, "") else str(value)

    return Item(
        quantity=text("quantity"),
        unit_price=text("unit_price"),
        amount=text("amount"),
        discount=text("discount"),
    )
