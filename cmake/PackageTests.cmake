# ctest: the engine's development component installs into a temporary prefix and examples/cpp, a
# project outside the tree, finds it with find_package(DPWEngine), builds and runs.
set(DPW_PACKAGE_TEST_ARGS -DBUILD_DIR=${PROJECT_BINARY_DIR} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
    -DWORK_DIR=${PROJECT_BINARY_DIR}/package-test)
if(CMAKE_CXX_COMPILER_LAUNCHER)
  list(APPEND DPW_PACKAGE_TEST_ARGS -DLAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER})
endif()
add_test(NAME package.cpp_example
         COMMAND ${CMAKE_COMMAND} ${DPW_PACKAGE_TEST_ARGS} -DCXX=${CMAKE_CXX_COMPILER} -P ${CMAKE_CURRENT_LIST_DIR}/PackageExampleTest.cmake)
set_tests_properties(package.cpp_example PROPERTIES TIMEOUT 300)
