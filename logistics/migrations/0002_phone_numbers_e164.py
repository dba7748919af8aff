"""Store the drivers' and customers' numbers as E.164 (core.phone), like every number the product
keeps: ``07 07 08 09 10`` and ``+2250707080910`` were two spellings of one customer. A number that
does not parse is left as it was (a person fixes it in the admin)."""

from django.db import migrations


def to_e164(apps, schema_editor):
    from core.phone import InvalidPhoneNumber, phone_to_e164

    for model_name, field in (("Driver", "phone"), ("Delivery", "customer_phone")):
        model = apps.get_model("logistics", model_name)
        changed = []
        for row in model.objects.only("pk", field).iterator():
            try:
                number = phone_to_e164(getattr(row, field))
            except InvalidPhoneNumber:
                continue
            if number != getattr(row, field):
                setattr(row, field, number)
                changed.append(row)
        model.objects.bulk_update(changed, [field], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("logistics", "0001_initial")]

    # Backwards there is nothing to undo: E.164 was already an accepted spelling.
    operations = [migrations.RunPython(to_e164, migrations.RunPython.noop)]
