-- Headless Neovim (0.7+) session for .ci/editor-e2e.sh: the built-in LSP
-- client talks to the gopls that "leasevet gopls" built.
--
-- Environment:
--   E2E_GOPLS      the gopls binary
--   E2E_FILE       the Go file to open (absolute)
--   E2E_ROOT       the module root (absolute)
--   E2E_ANALYZERS  comma-separated leasevet analyzer names
--   E2E_WANT       leasevet -json output for the module
--   E2E_CATEGORY   category of the finding whose quick fix is applied
--   E2E_OUT        directory for the results: got.txt, want.txt, others.txt,
--                  timing.txt, fixed.txt
-- Exits 0 when the session ran (the script compares the results), 1 with
-- the reason in E2E_OUT/error.txt otherwise.

local env = function(name)
  local v = os.getenv(name)
  if v == nil or v == '' then error('missing environment variable ' .. name) end
  return v
end

local out_dir = env('E2E_OUT')

local function write(name, lines)
  local f = assert(io.open(out_dir .. '/' .. name, 'w'))
  for _, l in ipairs(lines) do f:write(l, '\n') end
  f:close()
end

local function read(path)
  local f = assert(io.open(path, 'r'))
  local s = f:read('*a')
  f:close()
  return s
end

-- wait polls cond, processing editor events meanwhile; bounded by ms.
local function wait(ms, what, cond)
  if not vim.wait(ms, cond, 100) then error('timed out after ' .. ms .. ' ms waiting for ' .. what) end
end

local function main()
  local file, root = env('E2E_FILE'), env('E2E_ROOT')
  local names = {}
  for n in string.gmatch(env('E2E_ANALYZERS'), '[^,]+') do names[n] = true end

  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].filetype = 'go' -- -u NONE: no filetype detection

  -- Keep the raw LSP diagnostics too: code actions are asked for with them.
  local raw = {}
  local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
  local client_id = vim.lsp.start_client({
    name = 'gopls-leasevet',
    cmd = { env('E2E_GOPLS') },
    root_dir = root,
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        if result then raw[result.uri] = result.diagnostics end
        return publish(err, result, ctx, config)
      end,
    },
  })
  assert(client_id, 'could not start gopls')
  local started = vim.loop.hrtime()
  vim.lsp.buf_attach_client(buf, client_id)

  local function leasevet_diags()
    local ds = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if names[d.source] then table.insert(ds, d) end
    end
    return ds
  end
  wait(300000, "leasevet's diagnostics", function() return #leasevet_diags() > 0 end)
  local elapsed = (vim.loop.hrtime() - started) / 1e9
  -- gopls publishes per analysis pass; let it settle so the set is final.
  vim.wait(3000, function() return false end, 100)

  local got, others = {}, {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local line = string.format('%d: %s', d.lnum + 1, d.message)
    if names[d.source] then table.insert(got, line) else table.insert(others, (d.source or '?') .. ' ' .. line) end
  end
  table.sort(got)
  write('got.txt', got)
  write('others.txt', others)
  write('timing.txt', { string.format('%.1f', elapsed) })

  -- What standalone leasevet -json says about the same file. The gopls
  -- build ends each message with its category, as go vet's text does.
  local want = {}
  for _, by_analyzer in pairs(vim.fn.json_decode(read(env('E2E_WANT')))) do
    for _, diags in pairs(by_analyzer) do
      if type(diags) == 'table' and diags[1] ~= nil then
        for _, d in ipairs(diags) do
          local name, line = string.match(d.posn, '^(.*):(%d+):%d+$')
          if name == file then table.insert(want, line .. ': ' .. d.message .. ' [' .. d.category .. ']') end
        end
      end
    end
  end
  table.sort(want)
  write('want.txt', want)

  -- Ask for the quick fix of the chosen category and apply it.
  local category = env('E2E_CATEGORY')
  local target
  for _, d in ipairs(raw[vim.uri_from_bufnr(buf)] or {}) do
    if d.code == category and names[d.source] then target = d end
  end
  assert(target, 'no ' .. category .. ' diagnostic published')
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = target.range,
    context = { diagnostics = { target }, only = { 'quickfix' } },
  }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 120000)
  local client = vim.lsp.get_client_by_id(client_id)
  local applied = nil
  for _, resp in pairs(responses or {}) do
    for _, action in ipairs(resp.result or {}) do
      if applied == nil and action.kind == 'quickfix' then
        if action.edit then
          vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or 'utf-16')
        elseif action.command then
          -- A lazy fix: the server computes it and sends workspace/applyEdit,
          -- which the default handler applies to the buffer.
          local tick = vim.api.nvim_buf_get_changedtick(buf)
          client.request_sync('workspace/executeCommand', action.command, 120000, buf)
          wait(60000, 'the edit of ' .. action.title, function()
            return vim.api.nvim_buf_get_changedtick(buf) ~= tick
          end)
        end
        applied = action.title
      end
    end
  end
  assert(applied, 'gopls offered no quick fix for ' .. category)
  vim.api.nvim_buf_call(buf, function() vim.cmd('silent write') end)
  write('fixed.txt', { applied })
end

local ok, err = pcall(main)
if not ok then
  write('error.txt', { tostring(err) })
  vim.cmd('cquit 1')
end
vim.lsp.stop_client(vim.lsp.get_active_clients())
vim.cmd('qall!')
