;;; callcascade.el --- callcascade through eglot  -*- lexical-binding: t; -*-

;; Usage:
;;   (add-to-list 'load-path "/path/to/callcascade/editors/emacs")
;;   (require 'callcascade)
;;   (callcascade-eglot-setup)          ; then M-x eglot in a supported buffer
;;
;; eglot shows callcascade's diagnostics through flymake and its quickfixes
;; with M-x eglot-code-actions. eglot has no call hierarchy view, so the
;; commands below ask for one and list the calls in an *xref* buffer:
;; M-x callcascade-incoming-calls, callcascade-outgoing-calls,
;; callcascade-find-callers (the JSON answer with every fallback),
;; callcascade-reindex and callcascade-status.

;;; Code:

(require 'eglot)
(require 'jsonrpc)
(require 'json)
(require 'xref)

(defgroup callcascade nil
  "Who calls this? callcascade through eglot."
  :group 'tools)

(defcustom callcascade-program "callcascade"
  "The callcascade binary (on `exec-path' unless absolute)."
  :type 'string)

(defcustom callcascade-modes
  '(typescript-mode typescript-ts-mode tsx-ts-mode js-mode js-ts-mode
    python-mode python-ts-mode go-mode go-ts-mode java-mode java-ts-mode)
  "Major modes whose buffers callcascade serves."
  :type '(repeat symbol))

;;;###autoload
(defun callcascade-eglot-setup ()
  "Make eglot start `callcascade serve' for `callcascade-modes'."
  (add-to-list 'eglot-server-programs
               (cons callcascade-modes (list callcascade-program "serve"))))

(defun callcascade--server ()
  (or (eglot-current-server)
      (user-error "callcascade: no eglot server manages this buffer (M-x eglot)")))

(defun callcascade--request (method params)
  (jsonrpc-request (callcascade--server) method params))

(defun callcascade--calls (direction)
  "The calls of DIRECTION (`incoming' or `outgoing') of the function at point.
Each is a plist (:file :line :column :name :detail), line 1-based and
column 0-based, one per call site."
  (let ((items (callcascade--request :textDocument/prepareCallHierarchy
                                     (eglot--TextDocumentPositionParams))))
    (when (seq-empty-p items)
      (user-error "callcascade: no function at point"))
    (let* ((item (aref items 0))
           (calls (callcascade--request
                   (if (eq direction 'incoming) :callHierarchy/incomingCalls :callHierarchy/outgoingCalls)
                   (list :item item)))
           (out '()))
      (seq-doseq (call calls)
        (let* ((other (plist-get call (if (eq direction 'incoming) :from :to)))
               ;; Incoming call sites are in the caller's file, outgoing ones
               ;; in the file of the function asked about.
               (site-uri (plist-get (if (eq direction 'incoming) other item) :uri)))
          (seq-doseq (range (plist-get call :fromRanges))
            (let ((start (plist-get range :start)))
              (push (list :file (eglot--uri-to-path site-uri)
                          :line (1+ (plist-get start :line))
                          :column (plist-get start :character)
                          :name (plist-get other :name)
                          :detail (plist-get other :detail))
                    out)))))
      (nreverse out))))

(defun callcascade--show-calls (calls)
  (if (null calls)
      (message "callcascade: no calls found")
    (xref-show-xrefs
     (lambda ()
       (mapcar (lambda (c)
                 (xref-make (concat (plist-get c :name)
                                    (when (plist-get c :detail)
                                      (format "  [%s]" (plist-get c :detail))))
                            (xref-make-file-location (plist-get c :file)
                                                     (plist-get c :line)
                                                     (plist-get c :column))))
               calls))
     nil)))

;;;###autoload
(defun callcascade-incoming-calls ()
  "List the callers of the function at point."
  (interactive)
  (callcascade--show-calls (callcascade--calls 'incoming)))

;;;###autoload
(defun callcascade-outgoing-calls ()
  "List what the function at point calls."
  (interactive)
  (callcascade--show-calls (callcascade--calls 'outgoing)))

(defun callcascade-command (command &optional arguments)
  "Run the server's COMMAND (a string) with ARGUMENTS (a vector)."
  (callcascade--request :workspace/executeCommand
                        (list :command command :arguments (or arguments []))))

(defun callcascade--show-json (title value)
  (with-current-buffer (get-buffer-create (format "*callcascade %s*" title))
    (let ((inhibit-read-only t))
      (erase-buffer)
      (insert (json-encode value))
      (json-pretty-print-buffer)
      (goto-char (point-min))
      (when (fboundp 'js-mode) (js-mode)))
    (display-buffer (current-buffer))))

;;;###autoload
(defun callcascade-find-callers ()
  "Show the structured answer for the callers of the function at point."
  (interactive)
  (let ((pos (eglot--TextDocumentPositionParams)))
    (callcascade--show-json
     "callers"
     (callcascade-command "callcascade.findCallers"
                          (vector (list :uri (plist-get (plist-get pos :textDocument) :uri)
                                        :position (plist-get pos :position)))))))

;;;###autoload
(defun callcascade-reindex ()
  "Re-index the workspace."
  (interactive)
  (callcascade-command "callcascade.reindex")
  (message "callcascade: re-indexed"))

;;;###autoload
(defun callcascade-status ()
  "Show breakers, per-stage counts and fallback rates."
  (interactive)
  (callcascade--show-json "status" (callcascade-command "callcascade.status")))

(provide 'callcascade)
;;; callcascade.el ends here
