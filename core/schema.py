"""The OpenAPI schema documents the errors every operation can answer, in DESIGN.md's one shape.

Views document their own business errors (409, 429, 503…) with ``extend_schema``; the failures that
come from the framework rather than the view are the same everywhere, so one drf-spectacular
post-processing hook adds them to each operation that lacks them:

- 400 when the operation takes a body or parameters (validation, malformed JSON: core/parsers.py);
- 401 and 403 when it needs a signed-in account (no or bad token; a permission or a plan);
- 404 when its path or its body names an object (``*_id``; another account's ids are 404 too,
  never 403), it is a list (a page past the last one), or it takes DRF's ``format`` parameter
  (an unknown format);
- 415 when it takes a body (a content type it does not read).

An error response a view documents with a description only gets the error shape as its body.
schemathesis (tests/api/test_schemathesis.py) checks that every status the API answers is one its
schema documents, with that body.
"""

ERROR_COMPONENT = "Error"
ERROR_SCHEMA = {
    "type": "object",
    "description": "DESIGN.md's one error shape.",
    "properties": {
        "message": {"type": "string"},
        "error": {"type": "string"},
        "statusCode": {"type": "integer"},
        "errors": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
    },
    "required": ["error", "message", "statusCode"],
}
DESCRIPTIONS = {
    "400": "Données invalides ou corps JSON illisible (mal formé, trop imbriqué, nombre hors limites).",
    "401": "Authentification requise, ou jeton invalide ou expiré.",
    "403": "Action non autorisée pour ce compte (permission ou plan).",
    "404": "Ressource introuvable (ou appartenant à un autre compte).",
    "415": "Type de contenu non pris en charge.",
}
# Query parameters DRF answers 404 to: a page past the last one, a format no renderer writes.
NOT_FOUND_QUERY = ("page", "format")
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def _secured(operation: dict) -> bool:
    return any(requirement for requirement in operation.get("security", []))


def _body_names_an_object(operation: dict, schemas: dict) -> bool:
    for media in operation.get("requestBody", {}).get("content", {}).values():
        schema = media.get("schema", {})
        ref = schema.get("$ref", "")
        if ref.startswith("#/components/schemas/"):
            schema = schemas.get(ref.rsplit("/", 1)[1], {})
        if any(name.endswith(("_id", "_ids")) for name in schema.get("properties", {})):
            return True
    return False


def document_error_responses(result, generator, request, public):
    """drf-spectacular ``POSTPROCESSING_HOOKS`` entry: add the shared error responses."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault(ERROR_COMPONENT, ERROR_SCHEMA)
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            parameters = operation.get("parameters", [])
            codes = []
            if "requestBody" in operation or parameters:
                codes.append("400")
            if _secured(operation):
                codes += ["401", "403"]
            if (
                "{" in path
                or any(
                    parameter.get("in") == "path" or parameter.get("name") in NOT_FOUND_QUERY
                    for parameter in parameters
                )
                or _body_names_an_object(operation, schemas)
            ):
                codes.append("404")
            if "requestBody" in operation:
                codes.append("415")
            responses = operation.setdefault("responses", {})
            for code in codes:
                responses.setdefault(code, {"description": DESCRIPTIONS[code]})
            for code, response in responses.items():
                # An error a view documents with a description only still has the one shape.
                if code[0] in "45" and "content" not in response:
                    if response.get("description") in ("", "No response body"):  # drf-spectacular's default
                        response["description"] = DESCRIPTIONS.get(code, "Erreur (forme commune des erreurs).")
                    response["content"] = {
                        "application/json": {"schema": {"$ref": f"#/components/schemas/{ERROR_COMPONENT}"}}
                    }
    return result
