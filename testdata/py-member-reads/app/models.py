from decimal import Decimal

from sqlalchemy.ext.hybrid import hybrid_property


class Moneda:
    def __init__(self, nombre: str):
        self.nombre = nombre

    def simbolo(self):
        return self.nombre[:1]


class Flete:
    def __init__(self, total: Decimal, moneda: Moneda):
        self.total = total
        self.moneda = moneda
        self.movimientos: list[Moneda] = []

    @hybrid_property
    def condicion_moneda(self):  # @def(condicion, "condicion_moneda") @callers(condicion, monedaNombre, monedaSimbolo, resumen)
        return self.moneda

    @property
    def es_merma(self):  # @def(esMerma, "es_merma") @callers(esMerma, check, neg, branch, cuenta)
        return self.total == 0

    @property
    def proyectado(self):  # @def(proyectado, "proyectado") @callers(proyectado, info, calc, branch, resumen)
        return self.total

    @hybrid_property
    def anticipo_maximo(self):  # @def(anticipo, "anticipo_maximo") @callers(anticipo, resumen)
        return self.total / 2

    def moneda_nombre(self):  # @def(monedaNombre, "moneda_nombre")
        return self.condicion_moneda.nombre  # @site(cm1, "condicion_moneda") @ref(monedaNombre, condicion, cm1)

    def moneda_simbolo(self):  # @def(monedaSimbolo, "moneda_simbolo")
        return self.condicion_moneda.simbolo()  # @site(cm2, "condicion_moneda") @ref(monedaSimbolo, condicion, cm2)

    def info(self):  # @def(info, "info")
        return f"{self.proyectado} - {self.total}"  # @site(p1, "proyectado") @ref(info, proyectado, p1)

    def check(self):  # @def(check, "check")
        return self.total > 0 and self.es_merma  # @site(m1, "es_merma") @ref(check, esMerma, m1)

    def calc(self):  # @def(calc, "calc")
        return Decimal(2) * self.proyectado  # @site(p2, "proyectado") @ref(calc, proyectado, p2)

    def neg(self):  # @def(neg, "neg")
        return not self.es_merma  # @site(m2, "es_merma") @ref(neg, esMerma, m2)

    def branch(self):  # @def(branch, "branch")
        if self.es_merma:  # @site(m3, "es_merma") @ref(branch, esMerma, m3)
            return Decimal(1)
        return -self.proyectado  # @site(p3, "proyectado") @ref(branch, proyectado, p3)
