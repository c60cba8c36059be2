"""HTML and CSS to PDF (WeasyPrint; fonts from the system's fontconfig), for the files the shop prints."""

from __future__ import annotations

from server.core.errors import DomainError, ErrorCode


class PdfUnavailable(DomainError):
    code = ErrorCode.UNAVAILABLE
    message = "PDF files cannot be made on this server right now."


def html_pdf(html: str, *, unavailable: str | None = None) -> bytes:
    try:
        from weasyprint import HTML  # imported here: it loads the system's Pango, which a server may lack
    except OSError as exc:
        raise PdfUnavailable(unavailable) from exc
    pdf: bytes = HTML(string=html).write_pdf()
    return pdf
