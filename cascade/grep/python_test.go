package grep

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const pyModelsFile = `from django.db import models


class DataTransfer(models.Model):
    country = models.CharField(max_length=2)

    def __str__(self):
        return self.name if self.name else self.country


class Contractor:
    def __init__(self):
        self.country = "BE"

    def label(self):
        return str(self.country)


class Mixin:
    def label(self):
        return str(self.country)
`

const pyViewsFile = `class DataTransferViewSet:
    def country(self, request):
        return None

    def route(self):
        return self.country


def export(contractor, transfer):
    if contractor.country == "FR":
        transfer.country = "US"
    return [contractor.country]
`

// A Python self.country inside a class that gives itself an attribute of
// the name (a model field, self.country = ... in __init__) reads that
// attribute, never another class's method: grep leaves it out. A mixin
// that assigns no such attribute may reach the method through a subclass,
// and stays; so does the target's own class. Set to or compared with a
// literal, an attribute is data (treesitter's classification).
func TestSearchPythonLeavesOutOwnAttributesAndData(t *testing.T) {
	root := writeTree(t, map[string]string{"shop/models.py": pyModelsFile, "shop/views.py": pyViewsFile})
	r, err := Search(context.Background(), Query{Name: "country", Container: "DataTransferViewSet", Method: true, TargetPath: "shop/views.py",
		Root: root, StopAfter: -1, SkipLibrary: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"shop/views.py:6:21 reference self ✓ shop/views.py#DataTransferViewSet.route",
		"shop/models.py:21:25 reference self shop/models.py#Mixin.label",
		"shop/views.py:12:24 reference contractor shop/views.py#export",
	}
	if diff := cmp.Diff(want, render(r)); diff != "" {
		t.Errorf("matches (-want +got):\n%s", diff)
	}
	if r.FieldReads != 3 {
		t.Errorf("FieldReads = %d, want 3 (two own attributes, one comparison with a literal)", r.FieldReads)
	}
}
