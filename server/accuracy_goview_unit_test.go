package server_test

import (
	"slices"
	"testing"
)

// A Go target's reference sites in a module its view loads only through a
// replace are set apart; sites in its own module, or in a module its
// go.work uses, stay.
func TestSetApartOpenFileOnlyKeepsTheViewsModules(t *testing.T) {
	root := writeTree(t, map[string]string{
		"go.mod":                "module example.com/root\n",
		"sdk/log/go.mod":        "module example.com/root/sdk/log\n",
		"exporters/http/go.mod": "module example.com/root/exporters/http\nreplace example.com/root/sdk/log => ../../sdk/log\n",
		"work/go.work":          "go 1.22\n\nuse (\n\t./a\n\t\"./b\" // the second\n)\n",
		"work/a/go.mod":         "module a\n",
		"work/b/go.mod":         "module b\n",
	})
	target := accuracyTarget{Path: "exporters/http/exporter.go", Line: 3}
	sites := []accuracySite{
		{Path: "exporters/http/exporter_test.go", Line: 72},
		{Path: "exporters/http/internal/retry.go", Line: 9},
		{Path: "sdk/log/batch.go", Line: 229},
		{Path: "trace/noop.go", Line: 62},
	}
	kept, apart := setApartOpenFileOnly(root, target, sites)
	if want := []accuracySite{sites[0], sites[1]}; !slices.Equal(kept, want) || apart != 2 {
		t.Errorf("kept %v, %d apart; want %v, 2 apart", kept, apart, want)
	}

	inWork := accuracyTarget{Path: "work/a/x.go", Line: 1}
	kept, apart = setApartOpenFileOnly(root, inWork, []accuracySite{{Path: "work/b/y.go", Line: 2}, {Path: "sdk/log/z.go", Line: 3}})
	if len(kept) != 1 || kept[0].Path != "work/b/y.go" || apart != 1 {
		t.Errorf("go.work view: kept %v, %d apart; want work/b/y.go kept, 1 apart", kept, apart)
	}

	notGo := accuracyTarget{Path: "web/app.ts", Line: 1}
	if kept, apart := setApartOpenFileOnly(root, notGo, sites); len(kept) != len(sites) || apart != 0 {
		t.Errorf("a TypeScript target's sites changed: %v, %d apart", kept, apart)
	}
}

// A reference site in another package whose call names only an interface
// outside the target's view is set apart; callcascade's item there becomes
// a wrong one, and a miss there is no miss.
func TestSetApartThroughOutsideInterfaces(t *testing.T) {
	root := writeTree(t, map[string]string{
		"app/go.mod":      "module app\nreplace lib => ../lib\n",
		"lib/go.mod":      "module lib\n",
		"lib/span/s.go":   "package span\n",
		"app/tr/tr.go":    "package tr\n",
		"app/tr/obs/o.go": "package obs\n",
	})
	throughLib := accuracySite{Path: "app/tr/obs/o.go", Line: 5, RefDefinition: "lib/span/s.go:6"}
	local := accuracySite{Path: "app/tr/tr.go", Line: 16, RefDefinition: "lib/span/s.go:6"}
	direct := accuracySite{Path: "app/tr/obs/o.go", Line: 9, RefDefinition: "app/tr/tr.go:10"}
	stdlib := accuracySite{Path: "app/tr/obs/o.go", Line: 12, RefDefinition: "/usr/lib/go/src/io/io.go:99"}
	res := accuracyResult{
		Target:   accuracyTarget{Path: "app/tr/tr.go", Line: 10},
		RefSites: []accuracySite{throughLib, local, direct, stdlib},
		OurSites: []accuracySite{{Path: "app/tr/obs/o.go", Line: 5, Kind: sitePrecise}, {Path: "app/tr/tr.go", Line: 16, Kind: sitePrecise}},
		Missed:   []accuracySite{direct, stdlib},
	}
	setApartThroughOutsideInterfaces(root, &res)
	if got := siteKeys(res.RefSites); !slices.Equal(got, []string{local.key(), direct.key()}) {
		t.Errorf("reference sites %v; want the local and the direct call", got)
	}
	if res.OpenFileOnly != 2 {
		t.Errorf("%d set apart; want 2", res.OpenFileOnly)
	}
	if got := siteKeys(res.Missed); !slices.Equal(got, []string{direct.key()}) {
		t.Errorf("missed %v; want only the direct call", got)
	}
	if got := siteKeys(res.FalsePrecise); !slices.Equal(got, []string{throughLib.key()}) {
		t.Errorf("wrong precise items %v; want ours through lib's interface", got)
	}
}
