# ctest script: install the engine's development component into a fresh prefix, then configure, build
# and run examples/cpp against it, as a project outside the tree would.
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... [-DLAUNCHER=ccache] -P PackageExampleTest.cmake
foreach(v BUILD_DIR SOURCE_DIR WORK_DIR)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "${v} is required")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}")
  endif()
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix --component engine-dev)
set(extra)
if(LAUNCHER)
  list(APPEND extra -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
# Only the installed prefix is searched for DPWEngine (no package registry, no build tree).
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/cpp -B ${WORK_DIR}/build -G "Unix Makefiles" -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_CXX_COMPILER=${CXX}
    -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF ${extra})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
# The example must not compile with our private flags.
file(READ ${WORK_DIR}/build/CMakeFiles/sw_example.dir/flags.make flags)
foreach(leak -march=native EIGEN_NO_DEBUG -fopenmp -Wall)
  string(FIND "${flags}" "${leak}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "the installed dpw::engine leaks ${leak} into its users:\n${flags}")
  endif()
endforeach()
run(${WORK_DIR}/build/sw_example)
