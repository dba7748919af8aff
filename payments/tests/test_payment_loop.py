"""The whole payment loop on WhatsApp: signed Meta payloads in, the real assistant, the link sent
as a URL button to the fake Graph API, the provider's signed notification, the status asked of the
fake provider, « Paiement reçu » sent and the order « Payée » on the Commandes API."""

import pytest

from integrations.tests.test_assistant_loop import converse, say, text_of
from orders.models import Order, OrderStatus
from payments.models import Payment, PaymentStatus

from .fake_providers import cinetpay_notification, notify_cinetpay, wave_webhook

pytestmark = pytest.mark.django_db

ORDER_TURNS = ["Je veux 2 huiles", "Livraison à Marcory", "{method}", "oui"]


def link_sends(graph) -> list:
    return [call for call in graph.sends() if (call.body.get("interactive") or {}).get("type") == "cta_url"]


def order_on_whatsapp(api_client, graph, method: str, capture) -> Order:
    with capture(execute=True):
        converse(api_client, graph, [turn.format(method=method) for turn in ORDER_TURNS])
    return Order.objects.get()


def test_an_order_paid_with_wave_is_paid_once_wave_confirms(
    api_client, graph, shop, wave_account, providers, owner_api, django_capture_on_commit_callbacks
):
    order = order_on_whatsapp(api_client, graph, "Wave", django_capture_on_commit_callbacks)

    assert order.status == OrderStatus.AWAITING_PAYMENT
    payment = Payment.objects.get()
    assert (payment.provider, payment.amount_requested, payment.status) == ("wave", order.total, "pending")
    [link] = link_sends(graph)
    action = link.body["interactive"]["action"]
    assert action["parameters"] == {"display_text": "Payer", "url": payment.payment_url}
    assert order.reference in link.body["interactive"]["body"]["text"]
    session_call = providers.calls_to("/v1/checkout/sessions")[0]
    assert (
        session_call.body["amount"] == str(order.total) and session_call.body["client_reference"] == payment.reference
    )
    # The engine's confirmation announces the link, not the shop's number for a manual transfer.
    confirmation = " ".join(text_of(call) for call in graph.sends() if call.body["type"] != "interactive")
    assert "lien Wave sécurisé" in confirmation and "07 00 11 22 33" not in confirmation

    providers.wave_set(payment.provider_ref, "succeeded")
    body, headers = wave_webhook(providers.sessions[payment.provider_ref])
    before = len(graph.sends())
    with django_capture_on_commit_callbacks(execute=True):
        response = api_client.post(
            "/api/v1/payments/notify/wave", data=body, content_type="application/json", **headers
        )

    assert response.status_code == 200, response.content
    received = [text_of(call) for call in graph.sends()[before:]]
    assert len(received) == 1 and received[0].startswith("Paiement reçu pour votre commande " + order.reference)
    listed = owner_api.get("/api/v1/orders").json()["results"]
    assert [item["status"] for item in listed] == ["paid"]
    payment.refresh_from_db()
    assert (payment.status, payment.amount_collected) == ("succeeded", order.total)


def test_an_orange_money_order_goes_through_cinetpay_with_an_amount_rounded_to_5(
    api_client, graph, shop, cinetpay_account, providers, django_capture_on_commit_callbacks
):
    order = order_on_whatsapp(api_client, graph, "Orange Money", django_capture_on_commit_callbacks)
    payment = Payment.objects.get()

    [initiation] = providers.calls_to("/v2/payment")
    assert initiation.body["transaction_id"] == payment.reference
    assert initiation.body["amount"] % 5 == 0 and initiation.body["amount"] >= order.total
    assert initiation.body["notify_url"] == "https://flux.example/api/v1/payments/notify/cinetpay"
    assert payment.amount_requested == order.total and payment.amount_charged == initiation.body["amount"]
    assert len(link_sends(graph)) == 1

    providers.cinetpay_set(payment.reference, "ACCEPTED")
    form, headers = cinetpay_notification(payment.reference, payment.amount_charged)
    with django_capture_on_commit_callbacks(execute=True):
        response = notify_cinetpay(api_client, form, headers)

    assert response.status_code == 200
    order.refresh_from_db()
    assert order.status == OrderStatus.PAID
    # The status was asked of CinetPay, not taken from the notification.
    assert providers.calls_to("/v2/payment/check")[-1].body["transaction_id"] == payment.reference


def test_a_forged_notification_is_refused_and_changes_nothing(
    api_client, graph, shop, cinetpay_account, providers, django_capture_on_commit_callbacks
):
    order = order_on_whatsapp(api_client, graph, "Orange Money", django_capture_on_commit_callbacks)
    payment = Payment.objects.get()
    providers.cinetpay_set(payment.reference, "ACCEPTED")  # even a real payment: the signature comes first
    form, headers = cinetpay_notification(payment.reference, payment.amount_charged, secret="not-the-merchant-key")

    response = notify_cinetpay(api_client, form, headers)

    assert response.status_code == 403
    assert response.json()["error"] == "notification_refused"
    order.refresh_from_db()
    payment.refresh_from_db()
    assert (order.status, payment.status) == (OrderStatus.AWAITING_PAYMENT, PaymentStatus.PENDING)
    assert not providers.calls_to("/v2/payment/check")


def test_a_forged_wave_webhook_is_refused(
    api_client, graph, shop, wave_account, providers, django_capture_on_commit_callbacks
):
    order_on_whatsapp(api_client, graph, "Wave", django_capture_on_commit_callbacks)
    payment = Payment.objects.get()
    providers.wave_set(payment.provider_ref, "succeeded")
    body, headers = wave_webhook(providers.sessions[payment.provider_ref], secret="wave_ci_WHS_forged")

    assert (
        api_client.post(
            "/api/v1/payments/notify/wave", data=body, content_type="application/json", **headers
        ).status_code
        == 403
    )
    assert Order.objects.get().status == OrderStatus.AWAITING_PAYMENT


def test_a_signed_notification_whose_status_check_says_refused_does_not_pay(
    api_client, graph, shop, cinetpay_account, providers, django_capture_on_commit_callbacks
):
    order_on_whatsapp(api_client, graph, "Orange Money", django_capture_on_commit_callbacks)
    payment = Payment.objects.get()
    providers.cinetpay_set(payment.reference, "REFUSED")
    form, headers = cinetpay_notification(payment.reference, payment.amount_charged)

    response = notify_cinetpay(api_client, form, headers)

    assert response.status_code == 200
    payment.refresh_from_db()
    assert payment.status == PaymentStatus.FAILED
    assert Order.objects.get().status == OrderStatus.AWAITING_PAYMENT


def test_provider_down_the_customer_is_told_and_the_order_is_kept_then_payer_sends_a_new_link(
    api_client, graph, shop, cinetpay_account, providers, django_capture_on_commit_callbacks
):
    providers.is_down = True
    order = order_on_whatsapp(api_client, graph, "Orange Money", django_capture_on_commit_callbacks)

    assert order.status == OrderStatus.AWAITING_PAYMENT
    assert Payment.objects.get().status == PaymentStatus.FAILED
    told = text_of(graph.sends()[-1])
    assert order.reference in told and "payer" in told and "espèces" in told
    assert not link_sends(graph)

    providers.is_down = False
    with django_capture_on_commit_callbacks(execute=True):
        answer = say(api_client, graph, "payer")

    assert order.reference in text_of(answer[0])
    assert len(link_sends(graph)) == 1
    assert list(Payment.objects.order_by("id").values_list("status", flat=True)) == ["failed", "pending"]


def test_with_no_provider_a_wallet_without_instructions_is_not_offered(api_client, graph, shop, owner):
    from integrations.tests.test_assistant_loop import SHOP
    from shop.services import shop_document_replace

    document = {
        **SHOP,
        "payment_methods": [{**m, "note": ""} if m["code"] != "cash" else m for m in SHOP["payment_methods"]],
    }
    shop_document_replace(user=owner, document=document)

    answer = " ".join(text_of(call) for call in say(api_client, graph, "Je peux payer par Wave ?"))

    assert "Wave" in answer and "Espèces" in answer
    assert not Order.objects.exists()
    # The owner's document keeps every method: only what the assistant offers changes.
    assert [m["code"] for m in owner_api_document(owner)] == [m["code"] for m in SHOP["payment_methods"]]


def owner_api_document(owner) -> list:
    from shop.selectors import shop_knowledge

    return list(shop_knowledge(user=owner).document["payment_methods"])


def test_an_english_customer_gets_the_link_in_english(
    api_client, graph, shop, wave_account, providers, django_capture_on_commit_callbacks
):
    turns = ["Hello, I want 2 packs of spaghetti and 1 bottle of oil", "I'll pick it up at the shop", "Wave", "yes"]
    with django_capture_on_commit_callbacks(execute=True):
        converse(api_client, graph, turns)

    [link] = link_sends(graph)
    assert link.body["interactive"]["action"]["parameters"]["display_text"] == "Pay"
    assert link.body["interactive"]["body"]["text"].startswith("To pay for your order")
    assert Payment.objects.get().language == "en"


def test_asked_about_wave_the_assistant_announces_the_link_not_a_number(api_client, graph, shop, wave_account):
    answer = " ".join(text_of(call) for call in say(api_client, graph, "Je peux payer par Wave ?"))

    assert "lien Wave sécurisé" in answer
    assert "07 00 11 22 33" not in answer


def test_when_meta_refuses_the_url_button_the_link_goes_as_text(api_client, graph, shop, wave_account, providers):
    # The turns commit inside the test's transaction: the link task is left for the test to run.
    converse(api_client, graph, [turn.format(method="Wave") for turn in ORDER_TURNS])
    payment = Payment.objects.get()
    graph.fail_next(status=400, code=131009, message="Parameter value is not valid")

    from payments.services import payment_link_send

    assert payment_link_send(payment_id=payment.pk) == "sent"

    payment.refresh_from_db()
    fallback = graph.sends()[-1]
    assert fallback.body["type"] == "text"
    assert payment.payment_url in fallback.body["text"]["body"]
    assert payment.link_sent_at is not None
