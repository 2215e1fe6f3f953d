#pragma once
/// The one list of accountants, in menu order: DPW_ACCOUNTANT(Kind, descriptor). Adding an accountant is its
/// analysis file, its accountant file (which defines the descriptor, an AccountantInfo: see accountant.h) and
/// one line here: the line declares the AccountantKind value and the registry entry, from which the id table
/// (parseAccountant, accountantId, accountantIds) and the factory (makeAccountant) follow.
#define DPW_ACCOUNTANTS(DPW_ACCOUNTANT)                         \
  DPW_ACCOUNTANT(Rdp, kRdpAccountant)                           \
  DPW_ACCOUNTANT(RdpMironov, kRdpMironovAccountant)             \
  DPW_ACCOUNTANT(RdpWor, kRdpWorAccountant)                     \
  DPW_ACCOUNTANT(Gdp, kGdpAccountant)                           \
  DPW_ACCOUNTANT(GdpUniform, kGdpUniformAccountant)             \
  DPW_ACCOUNTANT(Pld, kPldAccountant)                           \
  DPW_ACCOUNTANT(PldWor, kPldWorAccountant)                     \
  DPW_ACCOUNTANT(Wdp, kWdpAccountant)                           \
  DPW_ACCOUNTANT(RandomAllocation, kRandomAllocationAccountant) \
  /* one line above this one per accountant */
