"""The order lifecycle as data: which status may follow which, and the conditions that depend on
the order (cash or mobile money, pickup or delivery). Pure functions: services enforce them under a
row lock, the API lists the next steps the dashboard offers."""

from core.exceptions import ApplicationError

from .models import FINAL_STATUSES, Order, OrderStatus, PaymentMethod

S = OrderStatus

# The whole lifecycle in one table. Conditions that depend on the order (payment method, pickup or
# delivery) are checked in ``check_move``.
ALLOWED_MOVES: dict[str, frozenset[str]] = {
    S.CONFIRMED: frozenset({S.AWAITING_PAYMENT, S.PREPARING, S.CANCELLED}),
    S.AWAITING_PAYMENT: frozenset({S.PAID, S.CANCELLED}),
    S.PAID: frozenset({S.PREPARING, S.CANCELLED}),
    S.PREPARING: frozenset({S.OUT_FOR_DELIVERY, S.READY, S.CANCELLED}),
    S.OUT_FOR_DELIVERY: frozenset({S.DELIVERED, S.CANCELLED}),
    S.READY: frozenset({S.PICKED_UP, S.CANCELLED}),
    S.DELIVERED: frozenset(),
    S.PICKED_UP: frozenset(),
    S.CANCELLED: frozenset(),
}

MSG_TRANSITION = "Transition impossible : une commande « {current} » ne peut pas passer à « {target} »."
MSG_FINAL = "La commande {reference} est « {status} » : son statut ne peut plus changer."
MSG_SAME = "La commande {reference} est déjà « {status} »."
MSG_CASH_NO_PAYMENT_STEP = "Une commande payée en espèces passe directement en préparation, sans attente de paiement."
MSG_PAYMENT_FIRST = "La commande {reference} doit d'abord être payée ({method})."
MSG_PICKUP_NO_DELIVERY = "La commande {reference} est à retirer en boutique : elle ne part pas en livraison."
MSG_DELIVERY_NOT_PICKUP = "La commande {reference} est à livrer : elle ne peut pas être « Prête » au retrait."


def _refuse(message: str) -> None:
    raise ApplicationError(message, code="invalid_transition")


def check_move(order: Order, target: OrderStatus) -> None:
    """Raise ApplicationError ``invalid_transition`` (French message) unless ``order`` may go to ``target``."""
    current = OrderStatus(order.status)
    reference = order.reference
    if current in FINAL_STATUSES:
        _refuse(MSG_FINAL.format(reference=reference, status=current.label))
    if target == current:
        _refuse(MSG_SAME.format(reference=reference, status=current.label))
    if target not in ALLOWED_MOVES[current]:
        _refuse(MSG_TRANSITION.format(current=current.label, target=target.label))
    is_cash = order.payment_method == PaymentMethod.CASH
    if current == S.CONFIRMED and target == S.AWAITING_PAYMENT and is_cash:
        _refuse(MSG_CASH_NO_PAYMENT_STEP)
    if current == S.CONFIRMED and target == S.PREPARING and not is_cash:
        method = PaymentMethod(order.payment_method).label
        _refuse(MSG_PAYMENT_FIRST.format(reference=reference, method=method))
    if target == S.OUT_FOR_DELIVERY and order.is_pickup:
        _refuse(MSG_PICKUP_NO_DELIVERY.format(reference=reference))
    if target == S.READY and not order.is_pickup:
        _refuse(MSG_DELIVERY_NOT_PICKUP.format(reference=reference))


def next_statuses(order: Order) -> list[str]:
    """The statuses ``order`` may move to now, cancellation last (the dashboard's action buttons)."""
    allowed = []
    for target in ALLOWED_MOVES[OrderStatus(order.status)]:
        try:
            check_move(order, OrderStatus(target))
        except ApplicationError:
            continue
        allowed.append(target)
    return sorted(allowed, key=lambda status: (status == OrderStatus.CANCELLED, list(OrderStatus).index(status)))
