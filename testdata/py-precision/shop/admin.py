from django.contrib import admin

from .models import Order, Customer


class OrderAdmin(admin.ModelAdmin):
    def formfield_for_foreignkey(self, db_field, request, **kwargs):  # @def(orderFormfield, "formfield_for_foreignkey") @nocallers(orderFormfield)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class CustomerAdmin(admin.ModelAdmin):
    def formfield_for_foreignkey(self, db_field, request, **kwargs):  # @def(customerFormfield, "formfield_for_foreignkey")
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


admin.site.register(Order, OrderAdmin)
admin.site.register(Customer, CustomerAdmin)
