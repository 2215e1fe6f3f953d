// Tests of the offer lists generated from the accountant registry's declared properties
// (engine/privacy/accountants/accountant_offers.h).
#include <QtTest>
#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "privacy/accountants/accountant.h"
#include "privacy/accountants/accountant_offers.h"

using namespace dpw;

namespace {
bool offered(const std::vector<AccountantKind>& kinds, AccountantKind k) {
  return std::find(kinds.begin(), kinds.end(), k) != kinds.end();
}
/// True when `expected` appears in `ids` in this order (other ids may lie between).
bool inOrder(const std::vector<std::string>& ids, const std::vector<std::string>& expected) {
  auto at = ids.begin();
  for (const auto& e : expected) {
    at = std::find(at, ids.end(), e);
    if (at == ids.end()) return false;
    ++at;
  }
  return true;
}
}  // namespace

class TestAccountantOffers : public QObject {
  Q_OBJECT
 private slots:
  // An accountant is offered exactly when its declared relation, batch sampling and claim fit the offer.
  void membershipFollowsTheProperties() {
    const AccountantOffer replaceOneAny{{Neighbouring::ReplaceOne}, true};
    const AccountantOffer provenEither{{Neighbouring::ReplaceOne, Neighbouring::AddRemove}, false};
    for (const AccountantInfo* a : accountantRegistry()) {
      const bool ownSampler = a->batches == BatchSampling::OfRelation;
      QCOMPARE(offered(offeredAccountants(replaceOneAny), a->kind),
               ownSampler && a->relation == Neighbouring::ReplaceOne && a->claim != AccountantClaim::NotDp);
      QCOMPARE(offered(offeredAccountants(provenEither), a->kind), ownSampler && a->claim == AccountantClaim::Bound);
    }
  }

  // Tightest first: rank, then bounds before approximations, then replace-one before add/remove. Today's accountants
  // keep the order the fair-learning methods and the flows have always offered them in (a subsequence, so that a
  // new accountant may join; the flows now also offer rdp-mironov, a proven add/remove bound).
  void tightestFirst() {
    for (const AccountantOffer& offer : {AccountantOffer{{Neighbouring::ReplaceOne}, true},
                                         AccountantOffer{{Neighbouring::ReplaceOne, Neighbouring::AddRemove}, false},
                                         AccountantOffer{{Neighbouring::AddRemove}, true}}) {
      const auto kinds = offeredAccountants(offer);
      for (std::size_t i = 1; i < kinds.size(); ++i) {
        const AccountantInfo &x = accountantInfo(kinds[i - 1]), &y = accountantInfo(kinds[i]);
        const auto key = [](const AccountantInfo& a) {
          return std::tuple(a.rank, a.claim != AccountantClaim::Bound, a.relation != Neighbouring::ReplaceOne);
        };
        QVERIFY(!(key(y) < key(x)));
      }
    }
    QVERIFY(inOrder(offeredAccountantIds({{Neighbouring::ReplaceOne}, true}), {"auto", "pld-wor", "gdp-uniform", "rdp-wor"}));
    QVERIFY(inOrder(offeredAccountantIds({{Neighbouring::ReplaceOne, Neighbouring::AddRemove}, false}),
                    {"auto", "pld-wor", "pld", "rdp-wor", "rdp", "rdp-mironov"}));
    const auto poisson = offeredAccountants({{Neighbouring::AddRemove}, true});
    QVERIFY(offered(poisson, AccountantKind::Gdp) && !offered(poisson, AccountantKind::Wdp) &&
            !offered(poisson, AccountantKind::RandomAllocation));
    QVERIFY(offeredAccountants({{}, true}).empty());
  }
};

QTEST_APPLESS_MAIN(TestAccountantOffers)
#include "tst_accountant_offers.moc"
