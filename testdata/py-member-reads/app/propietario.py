from sqlalchemy.ext.hybrid import hybrid_property
from sqlalchemy.orm import declarative_base, relationship

Base = declarative_base()


class Pais(Base):
    nombre = "py"


class Chofer(Base):
    pais_emisor_documento = relationship(Pais, uselist=False)

    @hybrid_property
    def pais_nombre(self):  # @def(paisNombre, "pais_nombre") @callers(paisNombre, nombrePais)
        return self.pais_emisor_documento.nombre


class Propietario(Base):
    def __init__(self, chofer: Chofer):
        self.chofer = chofer

    # self.chofer.pais_emisor_documento reads Chofer's own field (a library's
    # value), never this property: pyright lists nothing
    @hybrid_property
    def pais_emisor_documento(self):  # @def(pais, "pais_emisor_documento") @nocallers(pais)
        return self.chofer.pais_emisor_documento if self.chofer else None

    def nombre_pais(self):  # @def(nombrePais, "nombre_pais")
        return self.chofer.pais_nombre if self.chofer else ""  # @site(pn1, "pais_nombre") @ref(nombrePais, paisNombre, pn1)
