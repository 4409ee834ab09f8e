package cmd

import (
	"github.com/spf13/cobra"
)

var rootCmd = &cobra.Command{ // @module(rootFile) @site(rootLit, "Command")
	Use:               "app", // @registered(rootFile, setup, "cobra.Command{Use: app}", rootLit)
	PersistentPreRunE: setup,
}

func setup(cmd *cobra.Command, args []string) error { // @def(setup, "setup")
	return nil
}

func newServeCmd() *cobra.Command { // @def(newServe, "newServeCmd")
	return &cobra.Command{ // @site(serveLit, "Command") @registered(newServe, checkConfig, "cobra.Command{Use: serve}", serveLit) @registered(newServe, runServe, "cobra.Command{Use: serve}", serveLit)
		Use:     "serve",
		Short:   "Serve the API",
		PreRunE: checkConfig,
		RunE:    runServe,
	}
}

func checkConfig(cmd *cobra.Command, args []string) error { // @def(checkConfig, "checkConfig")
	return nil
}

func runServe(cmd *cobra.Command, args []string) error { // @def(runServe, "runServe")
	return nil
}

func unused(cmd *cobra.Command, args []string) error { // @def(unused, "unused") @callers(unused)
	return nil
}

func init() { // @def(init, "init")
	rootCmd.AddCommand(newServeCmd()) // @site(initNew, "newServeCmd") @call(init, newServe, initNew)
}
