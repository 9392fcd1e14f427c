// Starts `waybill lsp` for .wb files. Plain JavaScript: no build step.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("waybill").get("server.command", ["waybill", "lsp"]);
  const server = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient("waybill", "Waybill", server, {
    documentSelector: [{ scheme: "file", language: "waybill" }],
    // files saved, added or removed outside the editor change what a pack includes
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.wb") },
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
