;;; e2e.el --- headless run of callcascade.el in Emacs + eglot  -*- lexical-binding: t; -*-

;; emacs --batch -l e2e.el   (without -Q, so Debian's elpa-eglot loads)
;;
;; Drives eglot against the built server as a user would and writes what it
;; saw as JSON to $CC_OUT; the Go test (editors/editors_test.go) makes the
;; assertions. Environment: CC_LISP (editors/emacs), CC_BIN, CC_OUT,
;; CC_TARGET_FILE/LINE/COL and CC_DEAD_FILE/LINE/COL (1-based line, 0-based
;; column), CC_ACTION (a regexp of the code action to choose).

;;; Code:

(require 'cl-lib)
(require 'lisp-mnt)
(package-initialize)
(add-to-list 'load-path (getenv "CC_LISP"))
(require 'callcascade)

(defvar cc-report (list :errors []))

(defun cc-put (key value)
  (setq cc-report (plist-put cc-report key value)))

(defun cc-write ()
  ;; jsonrpc parses false as :json-false and null as nil.
  (with-temp-file (getenv "CC_OUT")
    (insert (json-serialize cc-report :null-object nil :false-object :json-false))))

(defun cc-fail (msg)
  (cc-put :errors (vector msg))
  (cc-write)
  (kill-emacs 2))

;; Timers run inside accept-process-output and jsonrpc-request: a server
;; that never answers cannot hang CI.
(run-at-time (/ (string-to-number (getenv "CC_WATCHDOG_MS")) 1000.0) nil
             (lambda () (cc-fail "watchdog: the run took too long")))

(defun cc-wait (seconds pred)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.02))
    (funcall pred)))

(defun cc-visit (file line col)
  (find-file file)
  (goto-char (point-min))
  (forward-line (1- (string-to-number line)))
  (forward-char (string-to-number col)))

(defun cc-calls (direction)
  (vconcat (mapcar (lambda (c)
                     (list :filename (plist-get c :file) :lnum (plist-get c :line)
                           :col (1+ (plist-get c :column))
                           :text (concat (plist-get c :name)
                                         (when (plist-get c :detail)
                                           (format "  [%s]" (plist-get c :detail))))))
                   (callcascade--calls direction))))

;; eglot drops what a code action's command answers; keep it.
(defvar cc-executed '())
(advice-add 'eglot-execute-command :around
            (lambda (orig server command arguments)
              (let ((result (funcall orig server command arguments)))
                (push (list :command (format "%s" command) :result result) cc-executed)
                result)))

(condition-case err
    (progn
      (cc-put :editor (format "GNU Emacs %s with eglot %s" emacs-version
                              (lm-version (concat (file-name-sans-extension (locate-library "eglot")) ".el"))))
      (setq callcascade-program (getenv "CC_BIN"))
      (unless (fboundp 'typescript-mode)
        ;; Emacs 28 has no TypeScript mode; eglot sends the mode's name
        ;; without "-mode" as languageId.
        (define-derived-mode typescript-mode prog-mode "TypeScript"))
      (add-to-list 'auto-mode-alist '("\\.ts\\'" . typescript-mode))
      (setq eglot-confirm-server-initiated-edits nil)
      (callcascade-eglot-setup)

      ;; 1. Call hierarchy. eglot 1.9 sends no progress capability, so wait
      ;; for the first index the way a user could: re-index.
      (cc-visit (getenv "CC_TARGET_FILE") (getenv "CC_TARGET_LINE") (getenv "CC_TARGET_COL"))
      (apply #'eglot (eglot--guess-contact))
      (unless (cc-wait 10 (lambda () (eglot-current-server)))
        (cc-fail "eglot did not connect"))
      (cc-put :reindex (callcascade-command "callcascade.reindex"))
      (cc-put :incoming (list :items (cc-calls 'incoming)))
      (cc-put :outgoing (list :items (cc-calls 'outgoing)))

      ;; 2. A function nobody calls: its Warning reaches flymake.
      (cc-visit (getenv "CC_DEAD_FILE") (getenv "CC_DEAD_LINE") (getenv "CC_DEAD_COL"))
      (unless (cc-wait 10 (lambda () (eglot-current-server)))
        (cc-fail "eglot does not manage the dead function's buffer"))
      (flymake-start)
      (cc-put :dead_incoming (list :items (cc-calls 'incoming)))
      (cc-wait 5 (lambda () (flymake-diagnostics)))
      (cc-put :diagnostics
              (vconcat (mapcar (lambda (d)
                                 (list :line (line-number-at-pos (flymake-diagnostic-beg d))
                                       :col (save-excursion (goto-char (flymake-diagnostic-beg d)) (current-column))
                                       :type (format "%s" (flymake-diagnostic-type d))
                                       :text (flymake-diagnostic-text d)))
                               (flymake-diagnostics))))

      ;; 3. eglot-code-actions, answering its prompt with $CC_ACTION.
      (let ((offered '())
            (last-nonmenu-event 13)) ; a key, not a mouse click: prompt, no popup
        (cl-letf (((symbol-function 'completing-read)
                   (lambda (_prompt collection &rest _)
                     (let ((titles (mapcar #'car collection)))
                       (setq offered titles)
                       (cl-find-if (lambda (title) (string-match-p (getenv "CC_ACTION") title)) titles)))))
          (eglot-code-actions (point) (point) nil t))
        (cc-put :actions (vconcat offered)))
      (cc-put :executed (vconcat (reverse cc-executed))))
  (error (cc-fail (format "%S" err))))

(cc-write)
(kill-emacs 0)
;;; e2e.el ends here
