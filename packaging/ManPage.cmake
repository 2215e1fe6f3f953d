# cmake -DPROGRAM=<built program> -DNAME=<name> -DSUMMARY=<one line> -DHELP2MAN=... -DGZIP=... -DOUT=<x.1>
#       [-DSECTIONS=<file.h2m>] -P ManPage.cmake
# Writes OUT.gz, the man page of PROGRAM made by help2man from its own --help and --version. For
# dpwlab-cli, a COMMANDS section adds each command's `dpwlab-cli <command> --help` (the commands are read
# from the program's --help), so the page lists every option the program accepts. SECTIONS, a help2man include
# file written by hand (packaging/dpwlab-cli.h2m: EXAMPLES, ENVIRONMENT, FILES, EXIT STATUS, SEE ALSO), is added. The GUI answers
# --help through Qt, on the offscreen platform: no display is needed.
foreach(v PROGRAM NAME SUMMARY HELP2MAN GZIP OUT)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "ManPage.cmake: ${v} is not set")
  endif()
endforeach()
set(ENV{QT_QPA_PLATFORM} offscreen)
set(ENV{LC_ALL} C.UTF-8)

# roff-safe copy of plain text: a backslash printed as \e, a leading . or ' made literal, - as \-.
function(dpw_roff_escape text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")  # a minus sign, as options are typed
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

get_filename_component(out_dir ${OUT} DIRECTORY)
file(MAKE_DIRECTORY ${out_dir})
set(include_args)
if(NAME STREQUAL "dpwlab-cli")
  execute_process(COMMAND ${PROGRAM} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} --help failed (${rc})")
  endif()
  # CLI11 lists the commands after "Subcommands:" (older CLI11: "SUBCOMMANDS:"), one per line:
  # "  name   description".
  string(FIND "${help}" "\nSubcommands:\n" at)
  if(at EQUAL -1)
    string(FIND "${help}" "\nSUBCOMMANDS:\n" at)
  endif()
  if(at EQUAL -1)
    message(FATAL_ERROR "no list of commands in the output of ${PROGRAM} --help")
  endif()
  string(SUBSTRING "${help}" ${at} -1 commands_text)
  # The list ends at the first blank line (the examples follow).
  string(SUBSTRING "${commands_text}" 1 -1 commands_text)
  string(FIND "${commands_text}" "\n\n" end)
  if(NOT end EQUAL -1)
    string(SUBSTRING "${commands_text}" 0 ${end} commands_text)
  endif()
  set(commands_text "\n${commands_text}")
  string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*" commands "${commands_text}")
  if(NOT commands)
    message(FATAL_ERROR "no commands found in the output of ${PROGRAM} --help")
  endif()
  set(section "[COMMANDS]\nEach command's own help, as printed by \\fBdpwlab-cli\\fR \\fIcommand\\fR \\fB\\-\\-help\\fR.\n")
  foreach(c IN LISTS commands)
    string(STRIP "${c}" c)
    execute_process(COMMAND ${PROGRAM} ${c} --help OUTPUT_VARIABLE chelp RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${PROGRAM} ${c} --help failed (${rc})")
    endif()
    dpw_roff_escape("${chelp}" chelp)
    string(APPEND section ".SS \"${c}\"\n.nf\n${chelp}.fi\n")
  endforeach()
  if(DEFINED SECTIONS)
    file(READ ${SECTIONS} extra)
    string(APPEND section "\n${extra}")
  endif()
  file(WRITE ${out_dir}/${NAME}.h2m "${section}")
  set(include_args --include=${out_dir}/${NAME}.h2m)
endif()

execute_process(COMMAND ${HELP2MAN} --no-info --section=1 --name=${SUMMARY} ${include_args} --output=${OUT} ${PROGRAM}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed on ${PROGRAM} (${rc}): ${err}")
endif()
execute_process(COMMAND ${GZIP} -9nf ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip failed on ${OUT}")
endif()
