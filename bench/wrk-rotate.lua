-- wrk script for bench/wrk-load.mjs: GET requests rotating over the paths listed, one a line, in the file
-- named by BENCH_PATHS_FILE.
local paths = {}
for line in io.lines(os.getenv("BENCH_PATHS_FILE")) do
  if line ~= "" then paths[#paths + 1] = line end
end
local index = 0

request = function()
  index = index % #paths + 1
  return wrk.format("GET", paths[index])
end
