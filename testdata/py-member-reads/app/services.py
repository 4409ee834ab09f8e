import logging

from app.models import Flete

logger = logging.getLogger(__name__)


def resumen(flete: Flete, otro):  # @def(resumen, "resumen")
    logger.info(f"moneda: {flete.condicion_moneda}")  # @site(cm3, "condicion_moneda") @ref(resumen, condicion, cm3)
    monto = flete.proyectado or 0  # @site(p4, "proyectado") @ref(resumen, proyectado, p4)
    maximo = (flete.anticipo_maximo / 100) * monto  # @site(a1, "anticipo_maximo") @ref(resumen, anticipo, a1)
    # an untyped receiver: pyright knows nothing of otro, and lists nothing
    return maximo + otro.anticipo_maximo


def cuenta(fletes: list[Flete]):  # @def(cuenta, "cuenta")
    return len([f for f in fletes if f.es_merma])  # @site(m4, "es_merma") @ref(cuenta, esMerma, m4)
